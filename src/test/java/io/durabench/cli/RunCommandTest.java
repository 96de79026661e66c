package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** `durabench run` input checks that need no JMH run: one line, exit 2, nothing written. */
class RunCommandTest {

    @Test
    void aPatternMatchingNothingInTheProfileIsAUsageError() throws Exception {
        assertRefused("no benchmark of the quick profile matches", "--dir", "/dev/shm", "--", "GroupCommit");
    }

    @Test
    void anUnknownProfileIsAUsageError() throws Exception {
        assertRefused("unknown --profile 'huge'", "--dir", "/dev/shm", "--profile", "huge");
    }

    @Test
    void aBadPassThroughJmhOptionIsAUsageError() throws Exception {
        assertRefused("bad JMH option", "--dir", "/dev/shm", "--", "-f", "lots");
    }

    private static void assertRefused(String expected, String... args) throws Exception {
        Path out = Files.createTempDirectory(Path.of("target"), "run-test-").resolve("out");
        StringWriter err = new StringWriter();
        CommandLine cl = DurabenchMain.commandLine();
        cl.setErr(new PrintWriter(err, true));
        String[] all = new String[args.length + 3];
        all[0] = "run";
        all[1] = "--out";
        all[2] = out.toString();
        System.arraycopy(args, 0, all, 3, args.length);
        assertEquals(2, cl.execute(all));
        String msg = err.toString().strip();
        assertEquals(1, msg.lines().count(), msg);
        assertTrue(msg.contains(expected), msg);
        assertFalse(Files.exists(out), "nothing written for refused input");
    }
}
