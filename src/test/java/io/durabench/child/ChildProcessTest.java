package io.durabench.child;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A child as every parent runs one, with /bin/sh for the child: what it printed, a file of its own in
 * the private folder, a stack trace's message rather than its frames, stdin from /dev/null, both
 * streams in one, a conversation over pipes, and a child that outlives its limit killed with what it
 * started.
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
    void stdinIsDevNull() {
        try (ChildProcess p = ChildProcess.start(List.of("/bin/sh", "-c", "cat; readlink /proc/self/fd/0"), "the test's shell")) {
            assertEquals(List.of("/dev/null"), p.await(Duration.ofSeconds(30)).stdout());
        }
    }

    @Test
    void mergedOutputIsBothStreamsInTheOrderPrinted() {
        try (ChildProcess p = ChildProcess.startMerged(List.of("/bin/sh", "-c", "echo one; echo two >&2; echo three; exit 1"), "the test's shell")) {
            ChildProcess.Exit e = p.await(Duration.ofSeconds(30));
            assertEquals(List.of("one", "two", "three"), e.stdout());
            assertEquals("exit 1: one | two | three", e.describe());
        }
    }

    @Test
    void aPipedChildTalksOverStdinAndStdoutAndEndsAtTheEndOfItsStdin() throws Exception {
        try (ChildProcess p = ChildProcess.startPiped(List.of("/bin/sh", "-c", "read line; echo \"got $line\"; cat"), "the test's shell")) {
            p.stdin().write("hello\nmore\n".getBytes(StandardCharsets.UTF_8));
            p.stdin().close();
            assertEquals("got hello\nmore\n", new String(p.stdout().readAllBytes(), StandardCharsets.UTF_8));
            assertEquals(0, p.await(Duration.ofSeconds(30)).code());
            assertEquals(0, p.exitCode());
        }
    }

    @Test
    void anUninterruptibleWaitGoesOnThroughAnInterruptAndKeepsItButNotPastItsLimit() {
        try (ChildProcess p = ChildProcess.start(List.of("/bin/sh", "-c", "sleep 1; echo done"), "the test's shell")) {
            Thread.currentThread().interrupt();
            assertEquals(List.of("done"), p.awaitUninterruptibly(Duration.ofSeconds(30)).stdout());
            assertTrue(Thread.interrupted(), "the interrupt is kept for the caller");
        }
        try (ChildProcess p = ChildProcess.start(List.of("/bin/sh", "-c", "exec sleep 600"), "the sleeping shell")) {
            ChildFailedException e = assertThrows(ChildFailedException.class, () -> p.awaitUninterruptibly(Duration.ofSeconds(1)));
            assertEquals("the sleeping shell did not finish within 1 s; killed it", e.getMessage());
        }
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
