package io.durabench.cli;

import io.durabench.catalogue.InvalidValueException;
import io.durabench.compare.NotComparableException;
import io.durabench.lab.LabRefusal;
import io.durabench.nativeio.LayerRefusal;
import io.durabench.results.ResultsFileException;
import io.durabench.suite.BadTargetException;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Turns failures into one line on stderr, with the exit code every command shares (README, "Exit
 * codes"): bad input (a picocli parameter error, a {@link UsageException}, a value the benchmark
 * catalogue refuses, an unreadable or malformed results file, sets compare refuses) exits 2; any
 * other exception is the tool failing (a bug, a lab that cannot be brought up, results that cannot
 * be written) and exits 3, its line saying so. Exit 1 is never an exception: a command returns it
 * when the measurement says no (a regression, a FAILED cell). No stack trace unless asked for with
 * {@code --debug} (anywhere on the command line) or DURABENCH_DEBUG, and then before the one line,
 * so the line stays last.
 */
final class OneLineErrors implements IExecutionExceptionHandler, IParameterExceptionHandler {
    /** The measurement says no: a counted regression, a FAILED cell, lab check's passes disagreeing. Returned, never thrown. */
    static final int EXIT_FAILURE = 1;
    /** Usage or bad input, a file included: the user can fix it. */
    static final int EXIT_USAGE = 2;
    /** The tool itself failed: an unexpected exception or error, not the measurement's verdict. */
    static final int EXIT_INTERNAL = 3;

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        // The parse may have failed before --debug was read: look at the words themselves.
        if (debugRequested(args)) ex.printStackTrace(ex.getCommandLine().getErr());
        CommandLine root = ex.getCommandLine();
        while (root.getParent() != null) root = root.getParent();
        // An unknown command first: picocli's words for it ("Unmatched argument", "Unknown option" for what follows it) do not name the commands.
        String message = DurabenchMain.unknownCommand(root, Arrays.asList(args)).or(() -> RunModes.explain(ex)).orElse(ex.getMessage());
        ex.getCommandLine().getErr().println("durabench: " + oneLine(message));
        return EXIT_USAGE;
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, ParseResult parseResult) {
        boolean debug = debugRequested(parseResult);
        if (debug) ex.printStackTrace(cl.getErr());
        if (isBadInput(ex)) {
            cl.getErr().println("durabench: " + oneLine(ex.getMessage()));
            return EXIT_USAGE;
        }
        cl.getErr().println(internalError(ex, debug));
        return EXIT_INTERNAL;
    }

    /**
     * "durabench: internal error: MESSAGE (exit 3; ...)": the first line of the message (the class
     * name when there is none), marked as the tool's fault rather than the user's or the measurement's.
     */
    static String internalError(Throwable t, boolean stackTraceShown) {
        String msg = t.getMessage() == null || t.getMessage().isBlank() ? t.getClass().getSimpleName()
                : t.getMessage().strip().lines().findFirst().orElse(t.getClass().getSimpleName());
        return "durabench: internal error: " + msg + " (exit " + EXIT_INTERNAL + "; "
                + (stackTraceShown ? "its stack trace is above)" : "rerun with --debug for the stack trace)");
    }

    /** A message as one line: a line break (say, in a file name) is shown as {@code \n} rather than starting a second line. */
    static String oneLine(String message) {
        return message == null ? "(no message)" : message.strip().replace("\r", "\\r").replace("\n", "\\n");
    }

    /** --debug on the command line (before or after the subcommand), or DURABENCH_DEBUG in the environment. */
    static boolean debugRequested(ParseResult parseResult) {
        if (System.getenv("DURABENCH_DEBUG") != null) return true;
        for (ParseResult pr = parseResult; pr != null; pr = pr.subcommand()) {
            if (pr.hasMatchedOption("--debug")) return true;
        }
        return false;
    }

    /** --debug among the words (for when they could not be parsed), or DURABENCH_DEBUG in the environment. */
    static boolean debugRequested(String[] args) {
        return System.getenv("DURABENCH_DEBUG") != null || Arrays.asList(args).contains("--debug");
    }

    /** Input the user can fix: a command-line value, a parameter value the catalogue refuses, an unreadable results file. */
    static boolean isBadInput(Exception ex) {
        return ex instanceof UsageException || ex instanceof ParameterException
                || ex instanceof InvalidValueException || ex instanceof ResultsFileException
                || ex instanceof BadTargetException || ex instanceof LabRefusal || ex instanceof NotComparableException || ex instanceof LayerRefusal
                || ex instanceof io.durabench.lockstep.HandOffRule.RefusedPairingException;
    }
}
