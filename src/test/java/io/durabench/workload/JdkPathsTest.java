package io.durabench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.jdkio.InjectingJdkCalls;
import io.durabench.jdkio.JdkCall;
import io.durabench.jdkio.JdkCallsOnSyscalls;
import io.durabench.nativeio.AlignedBuffers;
import io.durabench.nativeio.CountingSyscalls;
import io.durabench.nativeio.OpenFlags;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The JDK's own paths in this process, seen through the JDK-call seam and the kernel's fd table:
 * every sync the counters report is a JDK sync call (FileChannel.force, FileDescriptor.sync,
 * MappedByteBuffer.force) and every write a JDK write call, none of it through the native layer;
 * the kernel holds the JDK's fd with the flags its options mean (/proc/self/fdinfo); the bytes are in
 * the file; short channel writes are continued and counted; the hand-offs make their calls on the
 * threads they name; a JVM too old for a method refuses it with the reason before any call. Which
 * system calls the JDK makes of all this is the kernel's to say: JdkPathsWitnessTest (strace).
 */
class JdkPathsTest {
    private static final int BLOCK = 4096;

    static Stream<Arguments> jdkMethods() {
        return Stream.of(Medium.values()).flatMap(medium -> jdkPathMethods()
                .filter(m -> medium == Medium.DISK || !m.usesDirectIo()) // tmpfs takes O_DIRECT only since Linux 6.6
                .map(m -> Arguments.of(medium, m)));
    }

    static Stream<SyncMethod> jdkPathMethods() {
        return SyncMethod.availableOn(Runtime.version()).filter(m -> m.api() != SyncMethod.Api.NATIVE);
    }

    @ParameterizedTest
    @MethodSource("jdkMethods")
    void syncsAndWritesAreTheJdksCallsAndTheBytesAreInTheFile(Medium medium, SyncMethod method) throws IOException {
        long region = 1 << 20;
        int writesPerSync = method.hasExplicitSync() ? 10 : 1;
        try (ScratchDir dir = ScratchDir.on(medium)) {
            CountingSyscalls sys = new CountingSyscalls();
            InjectingJdkCalls jdk = InjectingJdkCalls.recording();
            WorkloadConfig cfg = WorkloadConfig.of(dir.path(), method, BLOCK, writesPerSync, Preallocation.NONE).withRegionBytes(region);
            try (DurableWriteLoop loop = DurableWriteLoop.open(new JdkCallsOnSyscalls(sys, jdk), cfg)) {
                for (int i = 0; i < 100; i++) loop.writeOne();

                WriteCounters c = loop.counters();
                assertEquals(100, c.writes);
                assertEquals(100L * BLOCK, c.bytes);
                assertEquals(method.hasExplicitSync() ? 10 : 0, c.syncCalls);
                assertEquals(method.syncsInWrite() ? 100 : 0, c.syncedWrites);
                if (syncCall(method) != null) assertEquals(c.syncCalls, jdk.count(syncCall(method)), "the JDK's sync calls are the counted ones");
                if (writeCall(method) != null) assertEquals(c.writes, jdk.count(writeCall(method)), "one JDK write per counted write");
                assertTrue(Set.of(JdkCall.Kind.OPEN, JdkCall.Kind.POSITION, JdkCall.Kind.WRITE, JdkCall.Kind.SYNC).containsAll(kinds(jdk)),
                        "nothing closed while it runs: " + jdk.calls());
                // Only the control fd goes through the native layer; the payload path is the JDK's.
                assertEquals(1, sys.opensOf(loop.path().toString()).size());
                assertEquals(0, sys.syncsOnAnyFd());
                assertEquals(0, sys.count(CountingSyscalls.Call.PWRITE));

                int control = sys.opensOf(loop.path().toString()).get(0).fd();
                assertEquals(kernelFlags(method), LoopFds.kernelFlags(otherFdOn(loop.path(), control)) & (OpenFlags.O_DIRECT | OpenFlags.O_SYNC),
                        method + ": the kernel holds the JDK's fd with " + OpenFlags.describe(kernelFlags(method)));

                byte[] content = Files.readAllBytes(loop.path());
                // A mapping sizes the file to the region; the others append.
                assertEquals(method == SyncMethod.MMAP_FORCE ? region : 100L * BLOCK, content.length);
                for (int i = 0; i < 100 * BLOCK; i++) assertEquals((byte) ('a' + i % BLOCK % 26), content[i], "byte " + i);
                for (int i = 100 * BLOCK; i < content.length; i++) assertEquals(0, content[i], "byte " + i);
            }
            assertEquals(List.of(), dir.listing());
        }
    }

    static Stream<SyncMethod> appendingMethods() {
        return jdkPathMethods().filter(m -> m.api() != SyncMethod.Api.MMAP);
    }

    /** The log starts over after four blocks (truncated by the control fd): the JDK's file position must follow. */
    @ParameterizedTest
    @MethodSource("appendingMethods")
    void afterTheRegionStartsOverTheLogHoldsOnlyTheNewBlocks(SyncMethod method) throws IOException {
        try (ScratchDir dir = ScratchDir.on(method.usesDirectIo() ? Medium.DISK : Medium.SHM)) {
            WorkloadConfig cfg = WorkloadConfig.of(dir.path(), method, BLOCK, 1, Preallocation.NONE).withRegionBytes(4 * BLOCK);
            try (DurableWriteLoop loop = DurableWriteLoop.open(new JdkCallsOnSyscalls(InjectingJdkCalls.recording()), cfg)) {
                for (int i = 0; i < 6; i++) loop.writeOne();
                assertEquals(1, loop.counters().recycles);
                byte[] content = Files.readAllBytes(loop.path());
                assertEquals(2 * BLOCK, content.length, method + ": two blocks since the region started over, none past them");
                for (int i = 0; i < content.length; i++) assertEquals((byte) ('a' + i % BLOCK % 26), content[i], "byte " + i);
            }
            assertEquals(List.of(), dir.listing());
        }
    }

    @Test
    void aStreamWritesWhereItIsToldOutOfOrderMovingItsPositionOnlyThen() throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            Path path = Files.createTempFile(dir.path(), "durabench-stream-", ".log");
            InjectingJdkCalls jdk = InjectingJdkCalls.recording();
            try (LogFile log = RegionLogFiles.openDataPath(new JdkCallsOnSyscalls(jdk), path, SyncMethod.STREAM_FD_SYNC, 1 << 20)) {
                for (int block : new int[] {1, 0, 2, 3}) { // as concurrent committers may complete their records
                    ByteBuffer b = AlignedBuffers.allocate(BLOCK, AlignedBuffers.DEFAULT_ALIGNMENT);
                    for (int i = 0; i < BLOCK; i++) b.put(i, (byte) ('0' + block));
                    log.write(b, BLOCK, (long) block * BLOCK);
                }
            }
            assertEquals(List.of(JdkCall.STREAM_OPEN, JdkCall.STREAM_POSITION, JdkCall.STREAM_WRITE, JdkCall.STREAM_POSITION,
                    JdkCall.STREAM_WRITE, JdkCall.STREAM_POSITION, JdkCall.STREAM_WRITE, JdkCall.STREAM_WRITE, JdkCall.CLOSE), jdk.calls());
            byte[] content = Files.readAllBytes(path);
            assertEquals(4 * BLOCK, content.length);
            for (int i = 0; i < content.length; i++) assertEquals('0' + i / BLOCK, content[i], "byte " + i);
            Files.delete(path);
        }
    }

    static Stream<SyncMethod> bufferedChannelMethods() {
        return jdkPathMethods().filter(m -> m.api() == SyncMethod.Api.CHANNEL && !m.usesDirectIo());
    }

    @ParameterizedTest
    @MethodSource("bufferedChannelMethods")
    void aShortChannelWriteIsContinuedAndCountedWithTheWholeBlockInTheFile(SyncMethod method) throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            Path path = Files.createTempFile(dir.path(), "durabench-short-", ".log");
            InjectingJdkCalls jdk = InjectingJdkCalls.shortening(3); // open, write, then the second write comes back short
            ByteBuffer block = AlignedBuffers.patterned(BLOCK, AlignedBuffers.DEFAULT_ALIGNMENT);
            try (LogFile log = RegionLogFiles.openDataPath(new JdkCallsOnSyscalls(jdk), path, method, 1 << 20)) {
                for (int i = 0; i < 3; i++) log.write(block, BLOCK, (long) i * BLOCK);
                assertEquals(1, log.continuedShortWrites());
            }
            assertEquals(List.of(JdkCall.CHANNEL_OPEN, JdkCall.CHANNEL_WRITE, JdkCall.CHANNEL_WRITE, JdkCall.CHANNEL_WRITE,
                    JdkCall.CHANNEL_WRITE, JdkCall.CLOSE), jdk.calls());
            byte[] content = Files.readAllBytes(path);
            assertEquals(3 * BLOCK, content.length);
            for (int i = 0; i < content.length; i++) assertEquals((byte) ('a' + i % BLOCK % 26), content[i], "byte " + i);
            Files.delete(path);
        }
    }

    @ParameterizedTest
    @MethodSource("jdkPathMethods")
    void everyCallIsMadeOnTheThreadTheMethodNames(SyncMethod method) throws Exception {
        try (ScratchDir dir = ScratchDir.on(method.usesDirectIo() ? Medium.DISK : Medium.SHM)) {
            InjectingJdkCalls jdk = InjectingJdkCalls.recording();
            WorkloadConfig cfg = WorkloadConfig.of(dir.path(), method, BLOCK, method.hasExplicitSync() ? 2 : 1, Preallocation.NONE)
                    .withRegionBytes(1 << 20);
            try (DurableWriteLoop loop = DurableWriteLoop.open(new JdkCallsOnSyscalls(jdk), cfg)) {
                for (int i = 0; i < 10; i++) loop.writeOne();
            }
            List<JdkCall> calls = jdk.calls();
            List<Thread> threads = jdk.threads();
            Set<Thread> workers = new HashSet<>();
            for (int i = 0; i < calls.size(); i++) {
                Thread t = threads.get(i);
                boolean handedOff = calls.get(i).kind() == JdkCall.Kind.WRITE || calls.get(i).kind() == JdkCall.Kind.SYNC;
                if (!handedOff || method.caller() == SyncMethod.Caller.CALLING_THREAD) {
                    assertEquals(Thread.currentThread(), t, calls.get(i) + " of " + method);
                    continue;
                }
                assertNotEquals(Thread.currentThread(), t, calls.get(i) + " of " + method + " is handed off");
                assertEquals(method.caller() == SyncMethod.Caller.VIRTUAL_THREAD, isVirtual(t), t + " for " + method);
                workers.add(t);
            }
            long handedOff = calls.stream().filter(c -> c.kind() == JdkCall.Kind.WRITE || c.kind() == JdkCall.Kind.SYNC).count();
            switch (method.caller()) {
                case VIRTUAL_THREAD -> assertEquals(handedOff, workers.size(), "a new virtual thread per call");
                case PLATFORM_THREAD -> assertEquals("durabench-handoff", workers.iterator().next().getName(),
                        "one platform thread: " + workers);
                case CALLING_THREAD -> assertTrue(workers.isEmpty());
            }
            if (method.caller() == SyncMethod.Caller.PLATFORM_THREAD) assertEquals(1, workers.size());
            assertEquals(List.of(), dir.listing());
        }
    }

    @Test
    void aMethodThisJvmCannotRunIsRefusedWithItsReasonBeforeAnyJdkCall() {
        List<SyncMethod> refused = Stream.of(SyncMethod.values()).filter(m -> m.unavailableOn(Runtime.version()).isPresent()).toList();
        assertEquals(Runtime.version().feature() < 21, !refused.isEmpty(), "this JVM refuses " + refused);
        for (SyncMethod m : refused) {
            try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
                InjectingJdkCalls jdk = InjectingJdkCalls.recording();
                UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, () -> DurableWriteLoop.open(
                        new JdkCallsOnSyscalls(jdk), WorkloadConfig.of(dir.path(), m, BLOCK, 1, Preallocation.NONE)));
                assertEquals(m.unavailableOn(Runtime.version()).orElseThrow(), e.getMessage());
                assertTrue(e.getMessage().startsWith("virtual threads need JDK 21+ (this JVM is " + Runtime.version().feature() + "."),
                        e.getMessage());
                assertEquals(List.of(), jdk.calls());
                assertEquals(List.of(), dir.listing());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Medium.class)
    void theMappedLogWrapsInPlaceWithinItsRegion(Medium medium) throws IOException {
        long region = 64 << 10;
        try (ScratchDir dir = ScratchDir.on(medium)) {
            CountingSyscalls sys = new CountingSyscalls();
            InjectingJdkCalls jdk = InjectingJdkCalls.recording();
            WorkloadConfig cfg = WorkloadConfig.of(dir.path(), SyncMethod.MMAP_FORCE, 8192, 1, Preallocation.NONE).withRegionBytes(region);
            try (DurableWriteLoop loop = DurableWriteLoop.open(new JdkCallsOnSyscalls(sys, jdk), cfg)) {
                for (int i = 0; i < 20; i++) {
                    loop.writeOne();
                    assertEquals(region, Files.size(loop.path()));
                }
                assertEquals(2, loop.counters().recycles);
                assertEquals(20, loop.counters().syncCalls);
                assertEquals(20, jdk.count(JdkCall.MAPPED_FORCE));
                assertEquals(1, jdk.count(JdkCall.CHANNEL_MAP), "mapped once, never again");
                assertEquals(4L * 8192, loop.offset());
                assertEquals(0, sys.count(CountingSyscalls.Call.FTRUNCATE), "a live mapping is never truncated (SIGBUS)");
            }
            assertEquals(List.of(), dir.listing());
        }
    }

    /** The JDK call that is the method's sync, or null when it has none. */
    static JdkCall syncCall(SyncMethod m) {
        return switch (m.sync()) {
            case FORCE_DATA, FORCE_ALL -> JdkCall.CHANNEL_FORCE;
            case FD_SYNC -> JdkCall.FD_SYNC;
            case MSYNC -> JdkCall.MAPPED_FORCE;
            case NONE, IN_WRITE, FSYNC, FDATASYNC, SYNC_FILE_RANGE, RING_FDATASYNC -> null;
        };
    }

    /** The JDK call that is the method's payload write, or null for a mapping (a memory store). */
    static JdkCall writeCall(SyncMethod m) {
        return switch (m.api()) {
            case CHANNEL -> JdkCall.CHANNEL_WRITE;
            case RANDOM_ACCESS_FILE -> JdkCall.RANDOM_ACCESS_WRITE;
            case STREAM -> JdkCall.STREAM_WRITE;
            case MMAP, NATIVE -> null;
        };
    }

    /** What the method's JDK options must mean to the kernel, in O_DIRECT|O_SYNC bits (O_SYNC includes O_DSYNC's bit). */
    static int kernelFlags(SyncMethod m) {
        return switch (m) {
            case CHANNEL_DSYNC, CHANNEL_DSYNC_VIRTUAL, CHANNEL_DSYNC_PLATFORM, RAF_RWD -> OpenFlags.O_DSYNC;
            case CHANNEL_SYNC, RAF_RWS -> OpenFlags.O_SYNC;
            case CHANNEL_DIRECT -> OpenFlags.O_DIRECT;
            case CHANNEL_DIRECT_DSYNC -> OpenFlags.O_DIRECT | OpenFlags.O_DSYNC;
            default -> 0;
        };
    }

    private static Set<JdkCall.Kind> kinds(InjectingJdkCalls jdk) {
        Set<JdkCall.Kind> k = new HashSet<>();
        jdk.calls().forEach(c -> k.add(c.kind()));
        return k;
    }

    /** Thread.isVirtual() exists from JDK 21; durabench compiles for 17. */
    private static boolean isVirtual(Thread t) throws Exception {
        if (Runtime.version().feature() < 21) return false;
        return (boolean) Thread.class.getMethod("isVirtual").invoke(t);
    }

    /** The fd in this process, other than {@code except}, that is open on {@code file}. */
    private static int otherFdOn(Path file, int except) {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            List<Integer> found = fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).equals(file);
                } catch (IOException e) {
                    return false; // the fd of the listing itself is gone by now
                }
            }).map(fd -> Integer.parseInt(fd.getFileName().toString())).filter(fd -> fd != except).toList();
            if (found.size() != 1) throw new AssertionError("expected one JDK fd on " + file + ", got " + found);
            return found.get(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
