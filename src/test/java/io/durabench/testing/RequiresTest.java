package io.durabench.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

/** A missing requirement skips with the reason and the fix; a present one lets the test run. */
class RequiresTest {

    @Test
    void aMissingCommandSkipsNamingThePackageThatInstallsIt() {
        TestAbortedException skip = assertThrows(TestAbortedException.class,
                () -> Requires.command("durabench-no-such-tool", "durabench-tools"));
        assertTrue(skip.getMessage().contains("durabench-no-such-tool is not on PATH: apt-get install -y durabench-tools"),
                skip.getMessage());
    }

    @Test
    void aPresentCommandLetsTheTestRun() {
        Requires.command("sh", "dash");
    }

    @Test
    void anUnknownFilesystemSkipsSayingSo() {
        TestAbortedException skip = assertThrows(TestAbortedException.class, () -> Requires.filesystem("durabenchfs"));
        assertTrue(skip.getMessage().contains("no durabenchfs filesystem"), skip.getMessage());
        Requires.filesystem("proc"); // every Linux has it
    }

    @Test
    void rootIsTheEffectiveUidTheKernelReports() {
        long uid = Long.parseLong(Commands.run("id", "-u").strip());
        assertEquals(uid, Requires.effectiveUid());
        assertEquals(uid == 0, Requires.isRoot());
        if (uid != 0) {
            TestAbortedException skip = assertThrows(TestAbortedException.class, () -> Requires.root("mounts things"));
            assertTrue(skip.getMessage().contains("needs root (mounts things); running as uid " + uid), skip.getMessage());
        } else {
            Requires.root("mounts things");
        }
    }

    @Test
    void aRefusedProbeIsNamedWithItsExitCodeAndLastLine() {
        assertEquals("sh exited 1: strace: ptrace(PTRACE_TRACEME): Operation not permitted",
                Requires.problemOf(List.of("sh", "-c", "echo starting; echo 'strace: ptrace(PTRACE_TRACEME): Operation not permitted' >&2; exit 1")));
        assertEquals("", Requires.problemOf(List.of("true")));
    }

    /** chattr +i takes CAP_LINUX_IMMUTABLE: root's probe passes, anyone else's skips saying so; neither leaves its probe file. */
    @Test
    void immutableFilesAreRootsAndTheProbeLeavesNothing() throws Exception {
        try (ScratchDir dir = ScratchDir.on(ScratchDir.Medium.DISK)) {
            if (Requires.isRoot()) {
                Requires.immutableFiles(dir.path());
            } else {
                TestAbortedException skip = assertThrows(TestAbortedException.class, () -> Requires.immutableFiles(dir.path()));
                assertEquals("Assumption failed: needs chattr +i (an immutable file), which failed here (chattr exited 1: chattr: Operation not permitted "
                        + "while setting flags on " + dir.path().resolve("durabench-chattr-probe") + "): run the tests as root "
                        + "(CAP_LINUX_IMMUTABLE), as CI does", skip.getMessage());
            }
            assertEquals(List.of(), dir.listing());
        }
    }

    /** A non-ASCII file name needs a file-name charset that holds it: under the POSIX locale (ASCII) the test skips saying so. */
    @Test
    void aNonAsciiFileNameNeedsACharsetThatHoldsIt() {
        Requires.fileName("plain-ascii,name)");
        String charset = System.getProperty("sun.jnu.encoding");
        if (java.nio.charset.Charset.forName(charset).newEncoder().canEncode("wé")) {
            Requires.fileName("wé");
        } else {
            TestAbortedException skip = assertThrows(TestAbortedException.class, () -> Requires.fileName("wé"));
            assertTrue(skip.getMessage().endsWith("cannot be written in this JVM's file-name charset " + charset
                    + " (the locale's): run the tests under a UTF-8 locale, e.g. LANG=C.UTF-8"), skip.getMessage());
        }
    }
}
