package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The command line as main runs it: the test hook that forces an internal error (exit 3, one line),
 * an Error escaping a command (exit 3, not the JVM's 1), and help texts picocli can format.
 */
class DurabenchMainTest {
    private static final String FORCED_LINE =
            "durabench: internal error: forced by DURABENCH_FORCE_INTERNAL_ERROR (exit 3; rerun with --debug for the stack trace)";

    @TempDir
    Path tmp;

    @AfterEach
    void noForcedError() {
        System.clearProperty(TestHooks.FORCE_INTERNAL_ERROR_PROPERTY);
    }

    private static void force() {
        System.setProperty(TestHooks.FORCE_INTERNAL_ERROR_PROPERTY, "true");
    }

    private static void assertForced(CliRun run) {
        assertEquals(3, run.exitCode(), run.err());
        assertEquals("", run.out(), "nothing on stdout: the command did nothing");
        assertEquals(1, run.err().lines().count(), "exactly one line on stderr:\n" + run.err());
        assertEquals(FORCED_LINE, run.err().strip());
        assertFalse(run.err().contains("\tat ") || run.err().contains("Exception"), "no stack trace:\n" + run.err());
    }

    @Test
    void theForcedInternalErrorExitsThreeInOneLineBeforeTheCommandDoesAnything() {
        force();
        Path written = tmp.resolve("env-out");
        assertForced(CliRun.of("env", "--dir", tmp.toString(), "--out", written.toString()));
        assertFalse(Files.exists(written), "the command never ran");
        Path reportOut = tmp.resolve("report-out");
        assertForced(CliRun.of("report", tmp.resolve("no-such-results").toString(), "--out", reportOut.toString()));
        assertFalse(Files.exists(reportOut));
        assertForced(CliRun.of("lab", "status", "--dir", tmp.toString()));
        assertForced(CliRun.of("--version"));
    }

    @Test
    void theHookIsReadWhenTheCommandLineRunsNotWhenItIsBuilt() {
        CommandLine cl = DurabenchMain.commandLine();
        StringWriter out = new StringWriter(), err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        force();
        assertEquals(3, cl.execute("env", "--dir", tmp.toString()), err.toString());
        assertEquals(FORCED_LINE, err.toString().strip());
        System.setProperty(TestHooks.FORCE_INTERNAL_ERROR_PROPERTY, "false");
        assertEquals(0, CliRun.of("env", "--dir", tmp.toString()).exitCode(), "false is not forced");
    }

    @Test
    void withDebugTheForcedErrorShowsItsStackTraceBeforeTheOneLine() {
        force();
        CliRun run = CliRun.of("env", "--dir", tmp.toString(), "--debug");
        assertEquals(3, run.exitCode(), run.err());
        List<String> lines = run.err().lines().toList();
        assertEquals("java.lang.IllegalStateException: forced by DURABENCH_FORCE_INTERNAL_ERROR", lines.get(0));
        assertEquals("durabench: internal error: forced by DURABENCH_FORCE_INTERNAL_ERROR (exit 3; its stack trace is above)",
                lines.get(lines.size() - 1));
    }

    @Test
    void argumentsThatCannotBeParsedAreStillBadInputFirst() {
        force();
        CliRun run = CliRun.of("env", "--no-such-option", "--dir", tmp.toString());
        assertEquals(2, run.exitCode(), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
    }

    /** The environment variable, through main and System.exit, in a JVM of its own (a test cannot set it in this one). */
    @Test
    void theEnvironmentVariableMakesMainExitThree() throws Exception {
        Path written = tmp.resolve("environment.json");
        // The layer named: from target/classes a JDK 22+ finds no java.lang.foreign layer (versioned classes live in the jar
        // only) and would say so in a line of its own, which is not what this test is about.
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Ddurabench.native=jnr", "-cp", System.getProperty("java.class.path"), DurabenchMain.class.getName(),
                "env", "--dir", tmp.toString(), "--out", written.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(tmp.resolve("stdout.txt").toFile())
                .redirectError(tmp.resolve("stderr.txt").toFile());
        pb.environment().put(TestHooks.FORCE_INTERNAL_ERROR_ENV, "1");
        pb.environment().remove("DURABENCH_DEBUG");
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the JVM did not finish in 60 s");
        String err = Files.readString(tmp.resolve("stderr.txt"));
        assertEquals(3, p.exitValue(), err);
        assertEquals(FORCED_LINE, err.strip());
        assertEquals("", Files.readString(tmp.resolve("stdout.txt")));
        assertFalse(Files.exists(written));
    }

    @Command(name = "broken")
    static final class Broken implements Runnable {
        @Override
        public void run() {
            throw new NoClassDefFoundError("jnr/ffi/LibraryLoader");
        }
    }

    /** picocli's handlers see Exceptions only: an Error (a broken classpath, OOM) gets the same one line and exit 3. */
    @Test
    void anErrorEscapingTheCommandExitsThreeInOneLine() {
        CommandLine cl = new CommandLine(new Broken());
        cl.setExecutionExceptionHandler(new OneLineErrors());
        cl.setParameterExceptionHandler(new OneLineErrors());
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        assertEquals(3, DurabenchMain.execute(cl));
        assertEquals("durabench: internal error: jnr/ffi/LibraryLoader (exit 3; rerun with --debug for the stack trace)", err.toString().strip());
    }

    /** A literal '%' in a description must be '%%': else picocli prints "[picocli WARN] Could not format ..." instead. */
    @Test
    void everyCommandsHelpRendersWithoutPicocliWarnings() throws IOException {
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        List<String> rendered = new ArrayList<>();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            collectHelp(DurabenchMain.commandLine(), rendered);
        } finally {
            System.setErr(saved);
        }
        assertEquals("", captured.toString(StandardCharsets.UTF_8));
        assertTrue(rendered.size() >= 12, "every command and subcommand: " + rendered.size());
        String run = CliRun.of("run", "--help").out().replaceAll("\\s+", " ");
        assertTrue(run.contains("99.9% interval is wider than ±P% of it"), run);
    }

    private static void collectHelp(CommandLine cl, List<String> rendered) {
        String usage = cl.getUsageMessage();
        assertTrue(usage.contains("Usage:"), usage);
        rendered.add(cl.getCommandName());
        for (CommandLine sub : cl.getSubcommands().values()) collectHelp(sub, rendered);
    }

    /** An unknown command is refused in one line naming it and the commands, whatever follows it (--help included). */
    @Test
    void anUnknownCommandExitsTwoNamingItAndTheCommandsWhateverFollows() {
        String line = "durabench: unknown command 'frobnicate': the commands are run, env, report, plot, lab, compare, gate, pg, etcd-check, uring-check, soak and help "
                + "(durabench --help says what each does)";
        for (String[] args : List.of(new String[] {"frobnicate"}, new String[] {"frobnicate", "--help"}, new String[] {"frobnicate", "-h"},
                new String[] {"frobnicate", "--version"}, new String[] {"frobnicate", "run"}, new String[] {"frobnicate", "--out", "/tmp/x"},
                new String[] {"--help", "frobnicate"}, new String[] {"help", "frobnicate"})) {
            CliRun run = CliRun.of(args);
            assertEquals(2, run.exitCode(), String.join(" ", args) + ": " + run.out() + run.err());
            assertEquals(line + System.lineSeparator(), run.err(), String.join(" ", args));
            assertEquals("", run.out(), String.join(" ", args));
        }
        for (String[] args : List.of(new String[] {"--help"}, new String[] {"-h"}, new String[] {"run", "--help"}, new String[] {"help", "run"})) {
            CliRun run = CliRun.of(args);
            assertEquals(0, run.exitCode(), String.join(" ", args) + ": " + run.err());
            assertTrue(run.out().startsWith("Usage: durabench"), run.out());
        }
    }
}
