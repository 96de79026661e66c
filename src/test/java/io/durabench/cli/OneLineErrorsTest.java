package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.catalogue.InvalidValueException;
import io.durabench.lab.LabFailure;
import io.durabench.lab.LabRefusal;
import io.durabench.results.ResultsFileException;
import io.durabench.suite.BadTargetException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The exit codes every command shares, as {@link OneLineErrors} assigns them to what a command throws:
 * 2 for bad input the user can fix, 3 for anything else (the tool failed), each in one line without a
 * stack trace. Exit 1 (the measurement says no) is returned by a command, never made from an exception.
 */
class OneLineErrorsTest {

    /** A command that throws what the test gives it, configured as DurabenchMain configures its own. */
    @Command(name = "thrower")
    static final class Thrower implements Runnable {
        @Option(names = "--debug", scope = ScopeType.INHERIT)
        boolean debug;

        final Supplier<RuntimeException> failure;

        Thrower(Supplier<RuntimeException> failure) {
            this.failure = failure;
        }

        @Override
        public void run() {
            throw failure.get();
        }
    }

    record Outcome(int exitCode, String err) {
    }

    private static Outcome execute(Supplier<RuntimeException> failure, String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine cl = new CommandLine(new Thrower(failure));
        cl.setExecutionExceptionHandler(new OneLineErrors());
        cl.setParameterExceptionHandler(new OneLineErrors());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int rc = cl.execute(args);
        assertEquals("", out.toString(), "nothing on stdout for an error");
        return new Outcome(rc, err.toString());
    }

    private static void assertOneLine(String err) {
        assertEquals(1, err.lines().count(), "exactly one line on stderr:\n" + err);
        assertTrue(err.startsWith("durabench: "), err);
        assertFalse(err.contains("\tat "), "no stack trace:\n" + err);
    }

    @Test
    void badInputExitsTwoInOneLine() {
        List<Supplier<RuntimeException>> badInput = List.of(
                () -> new UsageException("--out is empty: name a folder"),
                () -> new InvalidValueException("syncMethod=BOGUS: not a sync method"),
                () -> new ResultsFileException("/x/jmh-result.json: not JSON (line 1)"),
                () -> new BadTargetException("target directory /nope does not exist or is not a directory"),
                () -> new LabRefusal("durabench lab needs root (losetup, mkfs, mount): run it as root"));
        for (Supplier<RuntimeException> s : badInput) {
            Outcome o = execute(s);
            assertEquals(OneLineErrors.EXIT_USAGE, o.exitCode(), o.err());
            assertEquals(2, o.exitCode());
            assertOneLine(o.err());
            assertEquals("durabench: " + s.get().getMessage(), o.err().strip(), "bad input is the message alone");
        }
    }

    @Test
    void anUnknownOptionExitsTwo() {
        Outcome o = execute(() -> new IllegalStateException("never run"), "--colour");
        assertEquals(2, o.exitCode(), o.err());
        assertOneLine(o.err());
        assertTrue(o.err().contains("--colour"), o.err());
    }

    /** What is not bad input is the tool failing: a bug, a lab that cannot be brought up, results that cannot be written. */
    @Test
    void anUnexpectedExceptionExitsThreeSayingItIsAnInternalError() {
        Outcome bug = execute(() -> new IllegalStateException("this lab is already up"));
        assertEquals(OneLineErrors.EXIT_INTERNAL, bug.exitCode(), bug.err());
        assertEquals(3, bug.exitCode());
        assertOneLine(bug.err());
        assertEquals("durabench: internal error: this lab is already up (exit 3; rerun with --debug for the stack trace)", bug.err().strip());

        Outcome lab = execute(() -> new LabFailure("mount -t xfs /dev/loop7 /mnt/durabench-lab/xfs exited 32: wrong fs type"));
        assertEquals(3, lab.exitCode(), lab.err());
        assertOneLine(lab.err());
        assertTrue(lab.err().startsWith("durabench: internal error: mount -t xfs"), lab.err());

        Outcome io = execute(() -> new UncheckedIOException("cannot write /r/run.json: No space left on device",
                new IOException("No space left on device")));
        assertEquals(3, io.exitCode(), io.err());
        assertOneLine(io.err());
        assertTrue(io.err().contains("internal error: cannot write /r/run.json"), io.err());
    }

    @Test
    void anInternalErrorWithoutAMessageIsNamedByItsClassAndAMultiLineMessageKeepsItsFirstLine() {
        Outcome npe = execute(NullPointerException::new);
        assertEquals(3, npe.exitCode());
        assertOneLine(npe.err());
        assertEquals("durabench: internal error: NullPointerException (exit 3; rerun with --debug for the stack trace)", npe.err().strip());

        Outcome multi = execute(() -> new IllegalStateException("first line\nsecond line\n\tat somewhere"));
        assertEquals(3, multi.exitCode());
        assertOneLine(multi.err());
        assertTrue(multi.err().contains("internal error: first line (exit 3;"), multi.err());
    }

    @Test
    void withDebugTheStackTraceComesFirstAndTheOneLineStaysLast() {
        Outcome o = execute(() -> new IllegalStateException("boom"), "--debug");
        assertEquals(3, o.exitCode());
        List<String> lines = o.err().lines().toList();
        assertTrue(lines.size() > 2 && lines.get(0).startsWith("java.lang.IllegalStateException: boom"), o.err());
        assertTrue(o.err().contains("\tat "), o.err());
        assertEquals("durabench: internal error: boom (exit 3; its stack trace is above)", lines.get(lines.size() - 1));
    }

    /** Exit 1 is the measurement's verdict, returned by the command: no exception, however unexpected, becomes 1. */
    @Test
    void noExceptionExitsOne() {
        List<Supplier<RuntimeException>> all = List.of(RuntimeException::new, () -> new IllegalArgumentException("x"),
                () -> new LabFailure("x"), () -> new UsageException("x"), () -> new UncheckedIOException(new IOException("x")),
                () -> new ResultsFileException("x"));
        for (Supplier<RuntimeException> s : all) assertNotEquals(OneLineErrors.EXIT_FAILURE, execute(s).exitCode(), s.get().toString());
    }

    @Test
    void theCodesAreTheDocumentedOnes() {
        assertEquals(1, OneLineErrors.EXIT_FAILURE);
        assertEquals(2, OneLineErrors.EXIT_USAGE);
        assertEquals(3, OneLineErrors.EXIT_INTERNAL);
    }
}
