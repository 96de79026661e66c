package io.durabench.child;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A child as every parent runs one, with /bin/sh for the child: what it printed, a file of its own in
 * the private folder, a stack trace's message rather than its frames, and a child that outlives its
 * limit killed with what it started.
 */
class ChildProcessTest {

    @Test
    void stdoutIsEveryLineAndTheStderrTailIsTheTraceWithoutItsFrames() {
        String script = "echo one; echo two; printf 'Exception in thread \"main\" java.lang.Error: boom\\n\\tat a.B.c(B.java:1)\\n"
                + "Caused by: java.lang.IllegalStateException: deeper\\n\\tat d.E.f(E.java:2)\\n\\t... 3 more\\n' >&2; exit 3";
        try (ChildProcess p = ChildProcess.start(List.of("/bin/sh", "-c", script), "the test's shell")) {
            ChildProcess.Exit e = p.await(Duration.ofSeconds(30));
            assertEquals(List.of("one", "two"), e.stdout());
            assertEquals("exit 3: Exception in thread \"main\" java.lang.Error: boom | Caused by: java.lang.IllegalStateException: deeper",
                    e.describe());
        }
    }

    @Test
    void aFileTheCommandWritesInThePrivateFolderIsReadableUntilClose() throws Exception {
        Path file;
        try (ChildProcess p = ChildProcess.start(folder -> List.of("/bin/sh", "-c", "echo traced > " + folder.resolve("trace.txt")),
                "the test's shell", false)) {
            assertEquals(0, p.await(Duration.ofSeconds(30)).code());
            file = p.file("trace.txt");
            assertEquals("traced\n", Files.readString(file));
        }
        assertFalse(Files.exists(file.getParent()), "close deletes the folder with the command's own file");
    }

    @Test
    void aChildThatOutlivesItsLimitIsKilledWithWhatItStarted() {
        try (ChildProcess p = ChildProcess.start(List.of("/bin/sh", "-c", "sleep 600 & echo $! >&2; wait"), "the sleeping shell")) {
            ChildFailedException e = assertThrows(ChildFailedException.class, () -> p.await(Duration.ofSeconds(1)));
            Matcher m = Pattern.compile("the sleeping shell did not finish within 1 s; killed it \\(its stderr: (\\d+)\\)").matcher(e.getMessage());
            assertTrue(m.matches(), e.getMessage());
            assertFalse(p.isAlive());
            assertFalse(ProcessHandle.of(Long.parseLong(m.group(1))).map(ProcessHandle::isAlive).orElse(false), "the shell's sleep is killed too");
        }
    }
}
