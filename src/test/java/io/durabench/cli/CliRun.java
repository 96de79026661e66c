package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * One run of the durabench command line in this JVM, exactly as main configures it (exit codes,
 * error handler), with stdout and stderr captured.
 */
record CliRun(int exitCode, String out, String err) {

    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = DurabenchMain.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }

    /**
     * Refused as bad input: exit code 2, nothing on stdout (so no number either), and on stderr
     * exactly one line, "durabench: ..." without a stack trace, holding every fragment.
     */
    CliRun assertRefused(String... fragments) {
        assertEquals(2, exitCode, "exit code; stderr: " + err + " stdout: " + out);
        assertEquals("", out, "nothing on stdout for refused input");
        assertEquals(1, err.lines().count(), "exactly one line on stderr:\n" + err);
        assertTrue(err.startsWith("durabench: "), err);
        assertFalse(err.contains("Exception") || err.contains("\tat "), "no stack trace or exception name:\n" + err);
        for (String f : fragments) assertTrue(err.contains(f), "\"" + f + "\" missing from: " + err);
        return this;
    }

    /** The one line of stderr without its "durabench: " prefix. */
    String message() {
        return err.strip().replaceFirst("^durabench: ", "");
    }
}
