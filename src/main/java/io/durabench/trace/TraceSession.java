package io.durabench.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One recording of kernel tracepoints in a tracefs instance of its own ({@code instances/durabench-PID-N}), so
 * that it neither sees nor disturbs the global buffer or anyone else's session: the instance has its own
 * buffer, events, filters and on/off switch. It is made with its events enabled but recording off;
 * {@link #start} and {@link #stop} switch recording, {@link #read} returns what was recorded, and
 * {@link #close} removes the instance, whatever happened before. The instance prints fields by name and
 * does not overwrite when full, so a full buffer shows as dropped events and {@link #read} fails.
 * A session the JVM still holds when it exits is closed by a shutdown hook; an instance left by a killed JVM (its
 * PID gone) is removed by the next session.
 * <pre>
 *   TracePoint issue = TracePoint.parse("block:block_rq_issue");
 *   try (TraceSession s = TraceSession.open(Tracefs.find(), TraceRequest.of(issue).filter(issue, "dev == 0xfe00000"))) {
 *       s.start();
 *       ... the I/O to watch ...
 *       s.stop();
 *       for (TraceRecord r : s.read().of("block_rq_issue")) r.text("rwbs");
 *   }
 * </pre>
 */
public final class TraceSession implements AutoCloseable {
    private static final AtomicInteger NEXT = new AtomicInteger();
    /** Sessions not yet closed, closed by a shutdown hook if the JVM ends first (JMH skips a failed trial's teardown). */
    private static final Set<TraceSession> OPEN = ConcurrentHashMap.newKeySet();
    private static final AtomicBoolean HOOKED = new AtomicBoolean();
    private static final Pattern OURS = Pattern.compile("durabench-(\\d+)-\\d+");

    private final Path instance;
    private final TraceLineParser parser;
    private boolean closed;

    private TraceSession(Path instance, TraceLineParser parser) {
        this.instance = instance;
        this.parser = parser;
    }

    /** Makes the instance and enables the request's events (recording off); n/a when a tracepoint is missing. */
    public static TraceSession open(Tracefs tracefs, TraceRequest request) throws TraceUnavailableException {
        List<EventFormat> formats = new ArrayList<>();
        for (TracePoint p : request.filters().keySet()) formats.add(tracefs.format(p));
        Path instances = tracefs.root().resolve("instances");
        removeStale(instances);
        Path instance = instances.resolve("durabench-" + ProcessHandle.current().pid() + "-" + NEXT.incrementAndGet());
        try {
            Files.createDirectory(instance);
        } catch (IOException e) {
            throw new TraceFailedException("making the trace instance " + instance + " failed: " + TraceFiles.errno(e));
        }
        TraceSession session = new TraceSession(instance, new TraceLineParser(formats));
        closeAtExit(session);
        try {
            session.configure(request);
        } catch (RuntimeException e) {
            try {
                session.close();
            } catch (RuntimeException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
        return session;
    }

    /** The instance's folder (for messages and tests). */
    public Path instance() {
        return instance;
    }

    /** Starts recording. */
    public void start() {
        TraceFiles.write(instance.resolve("tracing_on"), "1");
    }

    /** Stops recording; what was recorded stays for {@link #read}. */
    public void stop() {
        TraceFiles.write(instance.resolve("tracing_on"), "0");
    }

    /** Empties the buffer and its loss counters, for a next capture in the same session. */
    public void clear() {
        TraceFiles.write(instance.resolve("trace"), "");
    }

    /**
     * Everything recorded since the session opened or was last {@link #clear cleared}; a failure when the
     * buffer lost any event. Call it after {@link #stop}: events recorded while it reads may or may not be in it.
     */
    public TraceCapture read() {
        String lost = BufferLoss.of(instance);
        if (!lost.isEmpty()) {
            throw new TraceFailedException("the trace buffer of " + instance + " lost events (" + lost
                    + "): the capture is incomplete; record fewer events or give the session a larger buffer");
        }
        List<TraceRecord> records = new ArrayList<>();
        Path trace = instance.resolve("trace");
        try (BufferedReader in = TraceFiles.reader(trace)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                parser.parse(line).ifPresent(records::add);
            }
        } catch (IOException e) {
            throw new TraceFailedException("reading " + trace + " failed: " + TraceFiles.errno(e));
        }
        return new TraceCapture(records);
    }

    /** Stops recording and removes the instance; a failure to remove it is reported once it has been tried. */
    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        OPEN.remove(this);
        RuntimeException stopFailed = null;
        try {
            stop();
        } catch (RuntimeException e) {
            stopFailed = e; // removing the instance stops it too: still try
        }
        remove(instance);
        if (stopFailed != null && Files.exists(instance)) throw stopFailed;
    }

    /** An instance keeps its buffer's memory until removed: one the JVM still holds at exit is removed then. */
    private static void closeAtExit(TraceSession session) {
        OPEN.add(session);
        if (HOOKED.compareAndSet(false, true)) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                for (TraceSession s : OPEN) {
                    try {
                        s.close();
                    } catch (RuntimeException e) {
                        System.err.println("durabench: " + e.getMessage());
                    }
                }
            }, "durabench-trace-instances"));
        }
    }

    private void configure(TraceRequest request) {
        stop();
        TraceFiles.write(instance.resolve("options").resolve("fields"), "1");
        TraceFiles.write(instance.resolve("options").resolve("overwrite"), "0");
        TraceFiles.write(instance.resolve("buffer_size_kb"), Integer.toString(request.bufferKbPerCpu()));
        if (!request.pids().isEmpty()) {
            TraceFiles.write(instance.resolve("set_event_pid"), String.join(" ", request.pids().stream().map(String::valueOf).toList()));
        }
        request.filters().forEach((point, filter) -> {
            Path folder = point.folderIn(instance);
            if (!filter.isEmpty()) TraceFiles.write(folder.resolve("filter"), filter);
            TraceFiles.write(folder.resolve("enable"), "1");
        });
    }

    /** rmdir of an instance: tracefs removes it with its buffer, or refuses (EBUSY) while a file of it is open. */
    private static void remove(Path instance) {
        try {
            Files.deleteIfExists(instance);
        } catch (IOException e) {
            throw new TraceFailedException("removing the trace instance " + instance + " failed: " + TraceFiles.errno(e));
        }
    }

    /** Removes instances named by a durabench JVM that no longer runs. */
    private static void removeStale(Path instances) {
        try (DirectoryStream<Path> all = Files.newDirectoryStream(instances, "durabench-*")) {
            for (Path p : all) {
                Matcher m = OURS.matcher(p.getFileName().toString());
                Optional<ProcessHandle> owner = m.matches() ? ProcessHandle.of(Long.parseLong(m.group(1))) : Optional.empty();
                if (m.matches() && owner.filter(ProcessHandle::isAlive).isEmpty()) remove(p);
            }
        } catch (IOException e) {
            throw new TraceFailedException("listing " + instances + " failed: " + TraceFiles.errno(e));
        }
    }
}
