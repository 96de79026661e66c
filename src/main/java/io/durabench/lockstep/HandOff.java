package io.durabench.lockstep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The two sides' own line to each other: a UNIX domain stream socket (side A listens, side B
 * connects), over which each hand-over is one byte, written by the side whose turn ends and read,
 * blocking, by the side whose turn begins. Blocking and not spinning: the waiting side sleeps in
 * the kernel and takes no CPU from the measuring side's journal and interrupt work. Nothing goes
 * through the parent, which would be a third runnable process on two cores. Every call here is
 * made outside the timed region.
 *
 * <p>The bytes ({@link #GO} and the rest) are one letter each, so the C twin speaks the same
 * protocol with a plain {@code read}/{@code write} of one byte.
 */
final class HandOff implements AutoCloseable {
    /** Your turn: the sender finished its units, each at a durable point. */
    static final byte GO = 'g';
    /** A block ended; the sender's JIT compiled nothing during it. */
    static final byte END_QUIET = 'e';
    /** A block ended; the sender's JIT was still compiling during it. */
    static final byte END_COMPILING = 'E';
    /** The sender opened its cell's workload and is ready. */
    static final byte READY = 'r';
    /** The sender could not open its cell's workload: the cell is skipped on both sides. */
    static final byte NOT_READY = 'x';
    /** The sender's unit failed (a failed write or sync): the cell ends on both sides. */
    static final byte FAILED = '!';

    private final SocketChannel channel;
    private final ByteBuffer one = ByteBuffer.allocateDirect(1);
    private final ByteBuffer eight = ByteBuffer.allocateDirect(8);

    private HandOff(SocketChannel channel) {
        this.channel = channel;
    }

    /** Side A: listens at {@code socket} (which must not exist) and accepts side B, waiting at most {@code limit}. */
    static HandOff listen(Path socket, Duration limit) {
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
             Selector selector = Selector.open()) {
            server.bind(UnixDomainSocketAddress.of(socket));
            server.configureBlocking(false);
            server.register(selector, SelectionKey.OP_ACCEPT);
            if (selector.select(limit.toMillis()) == 0) {
                throw new PartnerGoneException("side B did not connect to " + socket + " within " + limit.toSeconds() + " s");
            }
            SocketChannel ch = server.accept();
            ch.configureBlocking(true);
            return new HandOff(ch);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen for side B at " + socket + ": " + e.getMessage(), e);
        } finally {
            try {
                Files.deleteIfExists(socket);
            } catch (IOException ignored) {
                // the parent deletes the folder the socket is in
            }
        }
    }

    /** Side B: connects to side A at {@code socket}, retrying while A is still starting, at most {@code limit}. */
    static HandOff connect(Path socket, Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            SocketChannel ch = null;
            try {
                ch = SocketChannel.open(StandardProtocolFamily.UNIX);
                ch.connect(UnixDomainSocketAddress.of(socket));
                return new HandOff(ch);
            } catch (IOException e) {
                closeQuietly(ch);
                if (System.nanoTime() > deadline) {
                    throw new PartnerGoneException("side A did not listen at " + socket + " within " + limit.toSeconds() + " s: " + e.getMessage());
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new PartnerGoneException("interrupted while connecting to side A");
                }
            }
        }
    }

    /** Hands over: one byte to the other side. */
    void send(byte b) {
        one.clear();
        one.put(b).flip();
        try {
            while (one.hasRemaining()) channel.write(one);
        } catch (IOException e) {
            throw new PartnerGoneException("the other side is gone (writing to it: " + e.getMessage() + ")");
        }
    }

    /** Waits, blocking, for the other side's byte. */
    byte receive() {
        one.clear();
        try {
            while (one.hasRemaining()) {
                if (channel.read(one) < 0) throw new PartnerGoneException("the other side is gone (it closed the hand-off)");
            }
        } catch (IOException e) {
            throw new PartnerGoneException("the other side is gone (reading from it: " + e.getMessage() + ")");
        }
        return one.get(0);
    }

    /** Swaps a number with the other side: side A sends first, side B answers. Returns the other side's number. */
    long swap(long mine, boolean sendFirst) {
        if (sendFirst) {
            write8(mine);
            return read8();
        }
        long theirs = read8();
        write8(mine);
        return theirs;
    }

    private void write8(long v) {
        eight.clear();
        eight.putLong(v).flip();
        try {
            while (eight.hasRemaining()) channel.write(eight);
        } catch (IOException e) {
            throw new PartnerGoneException("the other side is gone (writing to it: " + e.getMessage() + ")");
        }
    }

    private long read8() {
        eight.clear();
        try {
            while (eight.hasRemaining()) {
                if (channel.read(eight) < 0) throw new PartnerGoneException("the other side is gone (it closed the hand-off)");
            }
        } catch (IOException e) {
            throw new PartnerGoneException("the other side is gone (reading from it: " + e.getMessage() + ")");
        }
        return eight.getLong(0);
    }

    @Override
    public void close() {
        closeQuietly(channel);
    }

    private static void closeQuietly(SocketChannel ch) {
        if (ch == null) return;
        try {
            ch.close();
        } catch (IOException ignored) {
            // closing a socket whose peer may be gone: nothing to do
        }
    }

    /** The other side ended, closed the line, or never came: this side cannot go on. */
    static final class PartnerGoneException extends RuntimeException {
        PartnerGoneException(String message) {
            super(message);
        }
    }
}
