package io.durabench.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.cli.DurabenchMain;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import picocli.CommandLine;

/** The durabench command line as a test drives it: the real configured CLI, its stdout and stderr kept to look at. */
public final class CliRun {
    private final StringWriter out = new StringWriter(), err = new StringWriter();

    /** Runs one command (stdout and stderr of earlier runs are kept until {@link #clear()}); returns the exit code. */
    public int run(String... args) {
        CommandLine cl = DurabenchMain.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    public int run(List<String> args) {
        return run(args.toArray(String[]::new));
    }

    public String out() {
        return out.toString();
    }

    public String err() {
        return err.toString();
    }

    public void clear() {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
    }

    /** Bad input: exit 2 and one line on stderr holding every fragment, no stack trace. */
    public void assertOneLineError(int rc, String... fragments) {
        String e = err();
        assertEquals(2, rc, e);
        assertEquals(1, e.lines().count(), e);
        assertFalse(e.contains("Exception") || e.contains("\tat "), e);
        for (String f : fragments) assertTrue(e.contains(f), e);
    }
}
