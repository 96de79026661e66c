package io.durabench.twin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.testing.Requires;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What the kernel sees, per strace: the twin issues exactly the Java workload's calls. For
 * FDATASYNC, batch 1, append: one pwrite64 of 8 KiB at the next offset, then one fdatasync on the
 * same fd, and no other call of the measuring thread in between (the clock is the vDSO's).
 */
class DurabenchTwinStraceTest {
    private static final java.util.Set<String> MEMORY_CALLS = java.util.Set.of("mmap", "munmap", "brk", "madvise", "mremap");
    private static final Pattern LINE = Pattern.compile("^(\\w+)\\((.*)$");

    private static List<String[]> trace(ScratchDir dir, String... cellArgs) throws IOException {
        Requires.strace();
        Path twin = TwinBinary.build();
        Path work = Files.createDirectories(Path.of("target", "twin-test").toAbsolutePath());
        Path out = Files.createTempDirectory(work, "strace-");
        Path prefix = out.resolve("strace");
        // -ff: one file per thread, so the measuring thread's calls are never split by the timer thread's.
        List<String> cmd = new ArrayList<>(List.of("strace", "-ff", "-qq", "-o", prefix.toString(), twin.toString(), "--no-lock",
                "--dir", dir.path().toString(), "--out", out.toString(), "-wi", "0", "-i", "1", "-r", "50ms"));
        cmd.addAll(List.of(cellArgs));
        TwinBinary.Run run = TwinBinary.exec(cmd, 120);
        assertEquals(0, run.exitCode(), run.stderr());
        List<String> mainThread = null;
        try (Stream<Path> files = Files.list(out)) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("strace.")).toList()) {
                List<String> lines = Files.readAllLines(f);
                if (!lines.isEmpty() && lines.get(0).startsWith("execve(")) mainThread = lines;
            }
        }
        assertTrue(mainThread != null, "no trace of the main thread in " + out);
        List<String[]> calls = new ArrayList<>();
        for (String line : mainThread) {
            Matcher m = LINE.matcher(line.replaceAll("\\)\\s+= ", ") = "));
            // Memory management (free() of the 16 MiB prewrite buffer) is not I/O; the JVM's GC has its own.
            if (m.matches() && !MEMORY_CALLS.contains(m.group(1))) calls.add(new String[] {m.group(1), m.group(2)});
        }
        return calls;
    }

    private static int indexOf(List<String[]> calls, int from, String name, String argsPrefix) {
        for (int i = from; i < calls.size(); i++) {
            if (calls.get(i)[0].equals(name) && calls.get(i)[1].startsWith(argsPrefix)) return i;
        }
        throw new AssertionError("no " + name + "(" + argsPrefix + "...) in the trace");
    }

    @Test
    void fdatasyncIssuesExactlyOnePwriteAndOneFdatasyncPerWrite() throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            List<String[]> calls = trace(dir, "--bench", "SyncWriteCost", "-p", "syncMethod=FDATASYNC", "-p", "writesPerSync=1",
                    "-p", "preallocation=NONE");
            // The log is created (OwnedDirectory.newFile, i.e. Files.createFile: O_WRONLY|O_CREAT|O_EXCL, 0666, no O_CLOEXEC)
            // and closed, then opened twice: the control fd (O_RDWR) first, then the payload fd with the method's flags.
            String log = "AT_FDCWD, \"" + dir.path() + "/durabench-fdatasync-";
            int create = indexOf(calls, 0, "openat", log);
            assertTrue(calls.get(create)[1].contains("O_WRONLY|O_CREAT|O_EXCL, 0666)"), calls.get(create)[1]);
            int control = indexOf(calls, create + 1, "openat", log);
            assertTrue(calls.get(control)[1].contains("O_RDWR|O_CLOEXEC)"), calls.get(control)[1]);
            int payloadOpen = indexOf(calls, control + 1, "openat", log);
            assertTrue(calls.get(payloadOpen)[1].contains("O_RDWR|O_CREAT|O_CLOEXEC, 0644)"), calls.get(payloadOpen)[1]);
            String fd = calls.get(payloadOpen)[1].replaceAll(".*= (\\d+)$", "$1");
            String controlFd = calls.get(control)[1].replaceAll(".*= (\\d+)$", "$1");
            // The iteration starts over: ftruncate(control, 0), then the measured loop.
            int truncate = indexOf(calls, payloadOpen, "ftruncate", controlFd + ", 0)");
            int first = indexOf(calls, truncate, "pwrite64", fd + ", ");
            int close = indexOf(calls, first, "close", fd + ")");
            int writes = 0;
            for (int i = first; i < close; i += 2) {
                assertEquals("pwrite64", calls.get(i)[0], "call " + i);
                assertTrue(calls.get(i)[1].matches(fd + ", \"abcdefghijklmnopqrstuvwxyzabcdef\"\\.\\.\\., 8192, " + 8192L * writes + "\\) = 8192"),
                        "8 KiB of the 'a'+i%26 pattern at the next offset: " + calls.get(i)[1]);
                assertEquals("fdatasync", calls.get(i + 1)[0], "call " + (i + 1));
                assertEquals(fd + ") = 0", calls.get(i + 1)[1]);
                writes++;
            }
            assertTrue(writes > 0);
            assertEquals(0, (close - first) % 2, "the loop ends after a whole pwrite64 + fdatasync pair");
        }
    }

    @Test
    void pgTestFsyncEquivalentPrewritesThenRewritesOffsetZero() throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            List<String[]> calls = trace(dir, "--bench", "PgTestFsync", "-p", "pgMethod=FSYNC");
            String prefix = "AT_FDCWD, \"" + dir.path() + "/durabench-pg-";
            int prewrite = indexOf(calls, indexOf(calls, 0, "openat", prefix) + 1, "openat", prefix);
            assertTrue(calls.get(prewrite)[1].contains("O_RDWR|O_CLOEXEC)"), calls.get(prewrite)[1]);
            String fd = calls.get(prewrite)[1].replaceAll(".*= (\\d+)$", "$1");
            assertTrue(calls.get(prewrite + 1)[1].matches(fd + ", \".*\"\\.\\.\\., 16777216, 0\\) = 16777216"), calls.get(prewrite + 1)[1]);
            assertEquals(List.of("fsync", "close", "openat"), List.of(calls.get(prewrite + 2)[0], calls.get(prewrite + 3)[0], calls.get(prewrite + 4)[0]));
            assertTrue(calls.get(prewrite + 4)[1].contains("O_RDWR|O_DSYNC|O_DIRECT|O_CLOEXEC)"), calls.get(prewrite + 4)[1]);
            assertTrue(calls.get(prewrite + 5)[1].contains(", 8192, 0) = 8192"), calls.get(prewrite + 5)[1]);
            int method = indexOf(calls, prewrite + 6, "openat", prefix);
            String mfd = calls.get(method)[1].replaceAll(".*= (\\d+)$", "$1");
            int first = indexOf(calls, method, "pwrite64", mfd + ", ");
            int close = indexOf(calls, first, "close", mfd + ")");
            for (int i = first; i < close; i += 2) {
                assertTrue(calls.get(i)[1].endsWith(", 8192, 0) = 8192"), calls.get(i)[1]);
                assertEquals("fsync", calls.get(i + 1)[0]);
            }
        }
    }

    /** The fd an openat returned ("..., O_RDWR|O_CLOEXEC) = 5" gives 5). */
    private static String fdOf(String[] call) {
        return call[1].replaceAll(".*= (\\d+)$", "$1");
    }

    /** PgTestFile.create: the owned file made (Files.createFile's flags) and closed, then 16 MiB + fsync; returns the index after its close. */
    private static int testFileCreated(List<String[]> calls, int from, String prefix) {
        int create = indexOf(calls, from, "openat", prefix);
        assertTrue(calls.get(create)[1].contains("O_WRONLY|O_CREAT|O_EXCL, 0666)"), calls.get(create)[1]);
        assertEquals("close", calls.get(create + 1)[0]);
        String[] open = calls.get(create + 2);
        assertTrue(open[0].equals("openat") && open[1].startsWith(prefix) && open[1].contains("O_RDWR|O_CLOEXEC)"), String.join(" ", open));
        assertTrue(calls.get(create + 3)[1].matches(fdOf(open) + ", \".*\"\\.\\.\\., 16777216, 0\\) = 16777216"), calls.get(create + 3)[1]);
        assertEquals(List.of("fsync", "close"), List.of(calls.get(create + 4)[0], calls.get(create + 5)[0]));
        return create + 6;
    }

    @Test
    void pgFsyncDescriptorOtherWritesClosesThenFsyncsThroughASecondDescriptor() throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            List<String[]> calls = trace(dir, "--bench", "PgFsyncDescriptor", "-p", "fsyncThrough=OTHER");
            String prefix = "AT_FDCWD, \"" + dir.path() + "/durabench-pg-";
            // The measured loop starts at the next open (the timer's wake-up, a futex, may come first).
            int i = indexOf(calls, testFileCreated(calls, 0, prefix), "openat", prefix);
            int unlink = indexOf(calls, i, "unlink", "\"" + dir.path() + "/durabench-pg-");
            int ops = 0;
            for (; i < unlink; i += 6, ops++) {
                List<String> names = calls.subList(i, i + 6).stream().map(c -> c[0]).toList();
                assertEquals(List.of("openat", "pwrite64", "close", "openat", "fsync", "close"), names, "operation " + ops);
                assertTrue(calls.get(i)[1].startsWith(prefix) && calls.get(i)[1].contains("O_RDWR|O_CLOEXEC)"), calls.get(i)[1]);
                assertTrue(calls.get(i + 1)[1].matches(fdOf(calls.get(i)) + ", \".*\"\\.\\.\\., 8192, 0\\) = 8192"), calls.get(i + 1)[1]);
                assertTrue(calls.get(i + 3)[1].contains("O_RDWR|O_CLOEXEC)"), calls.get(i + 3)[1]);
                assertEquals(fdOf(calls.get(i + 3)) + ") = 0", calls.get(i + 4)[1]);
            }
            assertTrue(ops > 0);
            assertEquals(unlink, i, "nothing but whole operations before the file is deleted");
        }
    }

    @Test
    void pgOpenSyncSizesWritesSixteenKibAsFourSynchronousDirectWrites() throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            List<String[]> calls = trace(dir, "--bench", "PgOpenSyncSizes", "-p", "openSyncWrites=FOUR_4K");
            String prefix = "AT_FDCWD, \"" + dir.path() + "/durabench-pg-";
            // The twin's feasibility try comes first, on a file of its own (16 KiB, never 16 MiB): skip to the test file.
            int from = 0;
            while (!calls.get(indexOf(calls, from, "openat", prefix) + 3)[1].contains(", 16777216, 0)")) {
                from = indexOf(calls, from, "openat", prefix) + 1;
            }
            int i = testFileCreated(calls, indexOf(calls, from, "openat", prefix), prefix);
            assertEquals("openat", calls.get(i)[0]);
            assertTrue(calls.get(i)[1].contains("O_RDWR|O_SYNC|O_DIRECT|O_CLOEXEC)"), calls.get(i)[1]);
            String fd = fdOf(calls.get(i));
            int first = indexOf(calls, i + 1, "pwrite64", fd + ", ");
            int close = indexOf(calls, first, "close", fd + ")");
            int writes = 0;
            for (int k = first; k < close; k++, writes++) {
                assertTrue(calls.get(k)[0].equals("pwrite64") && calls.get(k)[1].matches(fd + ", \".*\"\\.\\.\\., 4096, "
                        + 4096L * (writes % 4) + "\\) = 4096"), "4 KiB at 0, 4096, 8192, 12288, again and again: " + calls.get(k)[1]);
            }
            assertTrue(writes > 0);
            assertEquals(0, writes % 4, "whole operations of four writes");
        }
    }

    @Test
    void pgTwoWritesRewritesBothBlocksThenSyncsOnce() throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            List<String[]> calls = trace(dir, "--bench", "PgTwoWrites", "-p", "pgMethod=FDATASYNC");
            String prefix = "AT_FDCWD, \"" + dir.path() + "/durabench-pg-";
            int i = testFileCreated(calls, 0, prefix);
            // Then pg_test_fsync's first test's O_DSYNC|O_DIRECT write of offset 0 (where tmpfs takes O_DIRECT), then the method's fd.
            int method = indexOf(calls, i, "openat", prefix);
            if (calls.get(method)[1].contains("O_DIRECT")) method = indexOf(calls, method + 1, "openat", prefix);
            assertTrue(calls.get(method)[1].endsWith("O_RDWR|O_CLOEXEC) = " + fdOf(calls.get(method))), calls.get(method)[1]);
            String fd = fdOf(calls.get(method));
            int first = indexOf(calls, method + 1, "pwrite64", fd + ", ");
            int close = indexOf(calls, first, "close", fd + ")");
            int ops = 0;
            for (int k = first; k < close; k += 3, ops++) {
                assertTrue(calls.get(k)[1].matches(fd + ", \".*\"\\.\\.\\., 8192, 0\\) = 8192"), calls.get(k)[1]);
                assertTrue(calls.get(k + 1)[1].matches(fd + ", \".*\"\\.\\.\\., 8192, 8192\\) = 8192"), calls.get(k + 1)[1]);
                assertEquals(List.of("fdatasync", fd + ") = 0"), List.of(calls.get(k + 2)[0], calls.get(k + 2)[1]));
            }
            assertTrue(ops > 0);
            assertEquals(0, (close - first) % 3, "whole operations: two pwrite64s and one fdatasync");
        }
    }
}
