package io.durabench.witness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The strace parser on real captured output (JDK 17 and Temurin 25) and on hand-written edge cases. */
class StraceTraceTest {

    @ParameterizedTest
    @ValueSource(strings = {"jdk17", "temurin25"})
    void understandsEveryLineOfARealTrace(String jdk) {
        List<String> lines = CapturedRun.traceLines(jdk);
        StraceTrace trace = StraceTrace.parse(lines);
        long unfinished = lines.stream().filter(l -> l.endsWith("<unfinished ...>")).count();
        long resumed = lines.stream().filter(l -> l.contains(" resumed>")).count();
        // One event per line that starts a call: complete lines plus unfinished ones (resumed lines join them).
        assertEquals(lines.size() - resumed, trace.events().size());
        long joined = trace.events().stream().filter(e -> e.returned() && e.completionLine() != e.entryLine()).count();
        assertEquals(resumed, joined, "every resumed line completes its thread's unfinished call");
        assertTrue(unfinished >= resumed);
        for (int i = 1; i < trace.events().size(); i++) {
            assertTrue(trace.events().get(i - 1).entryLine() < trace.events().get(i).entryLine(), "entry order");
        }
    }

    @Test
    void theJdk17CaptureReallyInterleavesThreads() {
        // The point of capturing it: strace split calls across threads; the parser must have met that.
        assertTrue(CapturedRun.traceLines("jdk17").stream().filter(l -> l.contains(" resumed>")).count() > 20);
    }

    @Test
    void readsACompleteCallWithItsFdPathAndResult() {
        SyscallEvent e = only("8317  pwrite64(79</x/durabench-o_dsync-1.log>, \"\"..., 4096, 8192) = 4096");
        assertEquals(8317, e.pid());
        assertEquals("pwrite64", e.name());
        assertEquals(List.of("79</x/durabench-o_dsync-1.log>", "\"\"...", "4096", "8192"), e.args());
        assertEquals(4096, e.result());
        assertTrue(e.succeeded());
        assertEquals(new StraceText.FdRef(79, "/x/durabench-o_dsync-1.log"), StraceText.fd(e.arg(0)));
    }

    @Test
    void commasParenthesesAndQuotesInsideStringsAndPathsDoNotSplit() {
        SyscallEvent e = only("12  pwrite64(5</x/a,b)c>, \"q\\\"),(\"..., 16, 0) = 16");
        assertEquals(4, e.args().size());
        assertEquals("/x/a,b)c", StraceText.fd(e.arg(0)).path());
        assertEquals("q\"),(", StraceText.unquote(e.arg(1)));
    }

    @Test
    void undoesStraceEscapesInPathsAndReadsTheDeletedSuffix() {
        // Real strace 6.1 output for a file named 'a>b,c"d)e' in 'wéird dir', unlinked while open.
        SyscallEvent e = only("fsync(3</tmp/w\\303\\251ird dir/a\\76b,c\\\"d)e>(deleted)) = 0");
        assertEquals(0, e.pid(), "no pid prefix: a single process traced without -f");
        assertEquals("/tmp/wéird dir/a>b,c\"d)e", StraceText.fd(e.arg(0)).path());
    }

    @Test
    void readsAFailedCallsErrno() {
        SyscallEvent e = only("[pid  77] fdatasync(3</x/y>) = -1 EIO (Input/output error)");
        assertEquals(77, e.pid());
        assertEquals(-1, e.result());
        assertEquals("EIO", e.errno());
        assertTrue(e.returned());
        assertFalse(e.succeeded());
        assertEquals("= -1 EIO", e.outcome());
    }

    @Test
    void readsTheMarkerOpenThatFailsWithEnoent() {
        SyscallEvent e = only("8317  openat(AT_FDCWD</tmp>, \"/durabench-witness-0123456789abcdef/cell-0/begin\", O_RDONLY)"
                + " = -1 ENOENT (No such file or directory)");
        assertEquals("ENOENT", e.errno());
        assertEquals("/durabench-witness-0123456789abcdef/cell-0/begin", StraceText.unquote(e.arg(1)));
        assertEquals(new StraceText.FdRef(StraceText.FdRef.AT_FDCWD, "/tmp"), StraceText.fd(e.arg(0)));
    }

    @Test
    void readsAnOpenedFdWithItsPathAndAMappedAddress() {
        StraceTrace t = StraceTrace.parse(List.of(
                "9  openat(AT_FDCWD</d>, \"l.log\", O_RDWR|O_CREAT|O_DSYNC|O_CLOEXEC, 0644) = 79</d/l.log>",
                "9  mmap(NULL, 1048576, PROT_READ|PROT_WRITE, MAP_SHARED, 79</d/l.log>, 0) = 0x7fe31ca4e000"));
        assertEquals(79, t.events().get(0).result());
        assertEquals("/d/l.log", t.events().get(0).resultPath());
        assertEquals(List.of("O_RDWR", "O_CREAT", "O_DSYNC", "O_CLOEXEC"), StraceText.flagNames(t.events().get(0).arg(2)));
        assertEquals(0x7fe31ca4e000L, t.events().get(1).result());
    }

    @Test
    void joinsAnUnfinishedCallWithItsResumptionFromTheSameThread() {
        StraceTrace t = StraceTrace.parse(List.of(
                "10  fdatasync(3</x/y> <unfinished ...>",
                "11  openat(AT_FDCWD</d>, \"z\", O_RDONLY) = 4</d/z>",
                "10  <... fdatasync resumed>) = 0"));
        assertEquals(2, t.events().size());
        SyscallEvent sync = t.events().get(0);
        assertEquals("fdatasync", sync.name());
        assertEquals(List.of("3</x/y>"), sync.args());
        assertEquals(1, sync.entryLine());
        assertEquals(3, sync.completionLine());
        assertTrue(sync.succeeded());
        assertEquals("/d/z", t.events().get(1).resultPath());
        assertThrows(IllegalArgumentException.class, () -> StraceTrace.parse(List.of(
                "10  pwrite64(3</x/y>, \"\"..., 4096, 8192 <unfinished ...>",
                "10  <... fdatasync resumed>) = 0")), "a resumption must match the call its thread started");
    }

    @Test
    void aThreadThatStartsAnotherCallNeverFinishedTheFirst() {
        StraceTrace t = StraceTrace.parse(List.of(
                "10  fdatasync(3</x/y> <unfinished ...>",
                "10  pwrite64(3</x/y>, \"\"..., 4096, 8192) = 4096"));
        assertFalse(t.events().get(0).returned());
        assertTrue(t.events().get(1).succeeded());
    }

    @Test
    void keepsEntryOrderAndCompletionLinesAcrossThreads() {
        StraceTrace t = StraceTrace.parse(List.of(
                "10  pwrite64(3</x/y>, \"\"..., 4096, 8192 <unfinished ...>",
                "11  close(4</d/z>) = 0",
                "10  <... pwrite64 resumed>)             = 4096",
                "10  --- SIGSEGV {si_signo=SIGSEGV, si_code=SEGV_ACCERR, si_addr=0x7f00} ---",
                "11  +++ exited with 0 +++"));
        assertEquals(2, t.events().size());
        SyscallEvent pwrite = t.events().get(0);
        assertEquals(List.of("3</x/y>", "\"\"...", "4096", "8192"), pwrite.args());
        assertEquals(1, pwrite.entryLine());
        assertEquals(3, pwrite.completionLine());
        assertEquals(4096, pwrite.result());
        assertEquals("close", t.events().get(1).name());
    }

    /** Temurin 25 under KernelFaultsIT: a thread strace met inside a call it cannot name, let go as the process ended. */
    @Test
    void aThreadDetachedInsideAnUnnamedCallIsNoCall() {
        StraceTrace t = StraceTrace.parse(List.of(
                "4684  fsync(3</x/y>) = 0",
                "4685  ???( <detached ...>",
                "4684  +++ exited with 1 +++"));
        assertEquals(1, t.events().size());
        assertEquals("fsync", t.events().get(0).name());
        assertThrows(IllegalArgumentException.class, () -> StraceTrace.parse(List.of("4685  ???(")), "only the detached form is skipped");
    }

    @Test
    void aCallThatNeverReturnedIsKeptAsSuch() {
        StraceTrace t = StraceTrace.parse(List.of(
                "10  fsync(3</x/y> <unfinished ...>",
                "12  read(5, <unfinished ...>",
                "12  <... read resumed> <unfinished ...>) = ?",
                "13  exit_group(0)                     = ?"));
        assertEquals(3, t.events().size());
        t.events().forEach(e -> assertFalse(e.returned(), e.toString()));
        assertFalse(t.events().get(0).succeeded());
    }

    @Test
    void anInterruptedCallHasItsRestartErrno() {
        SyscallEvent e = only("10  fdatasync(3</x>) = ? ERESTARTSYS (To be restarted if SA_RESTART is set)");
        assertTrue(e.returned());
        assertEquals("ERESTARTSYS", e.errno());
        assertFalse(e.succeeded());
    }

    @Test
    void refusesWhatItDoesNotUnderstandNamingTheLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> StraceTrace.parse(List.of("10  fsync(3) = 0", "garbage here")));
        assertTrue(e.getMessage().startsWith("strace output line 2 is not understood"), e.getMessage());
        IllegalArgumentException orphan = assertThrows(IllegalArgumentException.class,
                () -> StraceTrace.parse(List.of("10  <... fsync resumed>) = 0")));
        assertTrue(orphan.getMessage().contains("line 1"), orphan.getMessage());
        assertThrows(IllegalArgumentException.class, () -> StraceTrace.parse(List.of("10  fsync(3 = 0")));
        assertThrows(IllegalArgumentException.class, () -> StraceTrace.parse(List.of("10  fsync(3) = -1")));
    }

    @Test
    void aCallWithoutArgumentsHasNone() {
        SyscallEvent e = only("10  sync() = 0");
        assertEquals(List.of(), e.args());
        assertNull(e.errno());
    }

    private static SyscallEvent only(String line) {
        StraceTrace t = StraceTrace.parse(List.of(line));
        assertEquals(1, t.events().size());
        return t.events().get(0);
    }
}
