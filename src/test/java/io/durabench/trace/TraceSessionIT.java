package io.durabench.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.env.EnvironmentProbe;
import io.durabench.testing.Commands;
import io.durabench.testing.Requires;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.TimingFree;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Tracepoints read for real, as root: block requests of this test's own writes captured in an instance of its own,
 * the instance gone afterwards and the global buffer's settings untouched, a full buffer and a refused filter failing,
 * tracefs mounted where none was, and a dead JVM's instance removed.
 */
@TimingFree
class TraceSessionIT {
    private static final int WRITES = 5;
    private static final int BLOCK = 8192;

    @BeforeEach
    void needsRoot() {
        Requires.root("reads kernel tracepoints through tracefs, which is root's");
    }

    @Test
    void capturesTheBlockRequestsOfItsOwnWritesFilteredByDevice() throws Exception {
        Tracefs tracefs = Tracefs.find();
        try (ScratchDir dir = ScratchDir.on(ScratchDir.Medium.DISK)) {
            long dev = kernelDevOf(dir.path());
            TraceRequest request = TraceRequest.of(CapturedTraces.ISSUE, CapturedTraces.COMPLETE).filterAll("dev == " + dev);
            TraceCapture capture;
            try (TraceSession session = TraceSession.open(tracefs, request)) {
                session.start();
                writeAndSync(dir.path().resolve("traced.bin"));
                session.stop();
                capture = session.read();
            }
            List<TraceRecord> issued = capture.of("block_rq_issue");
            long written = issued.stream().filter(r -> r.text("rwbs").contains("W")).mapToLong(r -> r.number("bytes")).sum();
            assertTrue(written >= (long) WRITES * BLOCK, "at least the test's own bytes reach the device: " + written + " in " + issued);
            assertFalse(capture.of("block_rq_complete").isEmpty(), "the requests complete: " + capture.records());
            assertTrue(capture.records().stream().allMatch(r -> r.number("dev") == dev), "the filter holds: " + capture.records());
            Files.delete(dir.path().resolve("traced.bin"));
        }
    }

    @Test
    void leavesNoInstanceAndTheGlobalBufferAsItWas() throws Exception {
        Tracefs tracefs = Tracefs.find();
        Path root = tracefs.root();
        List<String> before = globalState(root);
        Path instance;
        try (TraceSession session = TraceSession.open(tracefs, TraceRequest.of(CapturedTraces.ISSUE))) {
            instance = session.instance();
            assertTrue(Files.isDirectory(instance));
            assertEquals("block:block_rq_issue", TraceFiles.read(instance.resolve("set_event")));
            session.start();
            assertEquals(before, globalState(root), "the instance's events and switch are its own");
        }
        assertFalse(Files.exists(instance), instance + " is removed");
        assertEquals(before, globalState(root));
    }

    @Test
    void aFullBufferFailsTheReadInsteadOfCountingFewer() throws Exception {
        TracePoint switches = TracePoint.parse("sched:sched_switch");
        try (TraceSession session = TraceSession.open(Tracefs.find(), TraceRequest.of(switches).bufferKbPerCpu(1))) {
            session.start();
            for (int i = 0; i < 400; i++) Thread.sleep(1); // each sleep is two context switches: far more than a page holds
            session.stop();
            TraceFailedException e = assertThrows(TraceFailedException.class, session::read);
            assertTrue(e.getMessage().contains("lost events") && e.getMessage().contains("dropped events"), e.getMessage());
            session.clear();
            assertEquals(List.of(), session.read().records(), "cleared: nothing recorded, nothing lost");
        }
    }

    @Test
    void aFilterTracefsRefusesFailsWithItsErrnoAndLeavesNoInstance() throws Exception {
        Tracefs tracefs = Tracefs.find();
        TraceRequest bad = TraceRequest.of(CapturedTraces.ISSUE).filter(CapturedTraces.ISSUE, "no_such_field == 1");
        TraceFailedException e = assertThrows(TraceFailedException.class, () -> TraceSession.open(tracefs, bad));
        assertTrue(e.getMessage().contains("EINVAL") && e.getMessage().contains("Field not found"), e.getMessage());
        assertEquals(List.of(), ourInstances(tracefs.root()));
    }

    @Test
    void aMissingTracepointIsNotApplicableWithItsName() throws Exception {
        TracePoint none = TracePoint.parse("block:no_such_event");
        TraceUnavailableException e = assertThrows(TraceUnavailableException.class,
                () -> TraceSession.open(Tracefs.find(), TraceRequest.of(none)));
        assertTrue(e.reason().contains("block:no_such_event"), e.reason());
    }

    @Test
    void mountsTracefsWhereNoneIsMounted() throws Exception {
        Path place = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "tracefs-");
        try {
            assertFalse(Tracefs.isMounted(place));
            Tracefs tracefs = Tracefs.find(List.of(place));
            assertEquals(place, tracefs.root());
            assertTrue(Tracefs.isMounted(place));
            try (TraceSession session = TraceSession.open(tracefs, TraceRequest.of(CapturedTraces.ISSUE))) {
                assertTrue(session.instance().startsWith(place));
            }
        } finally {
            if (Tracefs.isMounted(place)) Commands.run("umount", place.toString());
            Files.delete(place);
        }
    }

    @Test
    void removesTheInstanceOfAJvmThatIsGone() throws Exception {
        Tracefs tracefs = Tracefs.find();
        Process gone = new ProcessBuilder("true").start();
        assertEquals(0, gone.waitFor());
        Path stale = tracefs.root().resolve("instances").resolve("durabench-" + gone.pid() + "-1");
        Files.createDirectory(stale);
        try (TraceSession session = TraceSession.open(tracefs, TraceRequest.of(CapturedTraces.ISSUE))) {
            assertFalse(Files.exists(stale), "the dead JVM's instance is removed");
        } finally {
            Files.deleteIfExists(stale);
        }
    }

    @Test
    void aJvmThatExitsWithASessionOpenRemovesItsInstance() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), SessionLeftOpen.class.getName()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        assertEquals(3, p.waitFor(), out);
        Path instance = Path.of(out.lines().reduce((a, b) -> b).orElseThrow());
        assertTrue(instance.getFileName().toString().startsWith("durabench-" + p.pid() + "-"), out);
        assertFalse(Files.exists(instance), instance + " outlived its JVM");
    }

    private static void writeAndSync(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ByteBuffer block = ByteBuffer.allocate(BLOCK);
            for (int i = 0; i < WRITES; i++) {
                block.clear();
                ch.write(block, (long) i * BLOCK);
                ch.force(false);
            }
        }
    }

    /** The whole disk under {@code dir}, in the kernel's own dev_t (major above bit 20), as block events carry it. */
    private static long kernelDevOf(Path dir) throws IOException {
        String name = EnvironmentProbe.capture(dir).device().name();
        String[] mm = Files.readString(Path.of("/sys/block", name, "dev")).strip().split(":");
        return (Long.parseLong(mm[0]) << 20) | Long.parseLong(mm[1]);
    }

    /** The global buffer's switch, events and options: what a session must not touch. */
    private static List<String> globalState(Path root) {
        return List.of(TraceFiles.read(root.resolve("tracing_on")), TraceFiles.read(root.resolve("set_event")),
                TraceFiles.read(root.resolve("options/fields")), TraceFiles.read(root.resolve("options/overwrite")),
                TraceFiles.read(root.resolve("buffer_size_kb")));
    }

    private static List<Path> ourInstances(Path root) throws IOException {
        try (Stream<Path> all = Files.list(root.resolve("instances"))) {
            return all.filter(p -> p.getFileName().toString().startsWith("durabench-" + ProcessHandle.current().pid() + "-")).toList();
        }
    }
}
