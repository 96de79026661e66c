package io.durabench.cli;

import io.durabench.catalogue.InvalidValueException;
import io.durabench.compare.NotComparableException;
import io.durabench.lab.LabRefusal;
import io.durabench.results.ResultsFileException;
import io.durabench.suite.BadTargetException;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Turns failures into one line on stderr: bad input (a picocli parameter error, a
 * {@link UsageException}, a value the benchmark catalogue refuses, an unreadable results file) exits 2;
 * anything else exits 1 with its message, never a stack trace unless asked for with {@code --debug}
 * (anywhere on the command line) or DURABENCH_DEBUG=1, and then before the one line, so the line stays last.
 */
final class OneLineErrors implements IExecutionExceptionHandler, IParameterExceptionHandler {
    static final int EXIT_USAGE = 2;
    static final int EXIT_FAILURE = 1;

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        // The parse may have failed before --debug was read: look at the words themselves.
        if (System.getenv("DURABENCH_DEBUG") != null || Arrays.asList(args).contains("--debug")) {
            ex.printStackTrace(ex.getCommandLine().getErr());
        }
        ex.getCommandLine().getErr().println("durabench: " + oneLine(ex.getMessage()));
        return EXIT_USAGE;
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, ParseResult parseResult) {
        if (debugRequested(parseResult)) ex.printStackTrace(cl.getErr());
        if (isBadInput(ex)) {
            cl.getErr().println("durabench: " + oneLine(ex.getMessage()));
            return EXIT_USAGE;
        }
        String msg = ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
        cl.getErr().println("durabench: " + msg.lines().findFirst().orElse(msg));
        return EXIT_FAILURE;
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

    /** Input the user can fix: a command-line value, a parameter value the catalogue refuses, an unreadable results file. */
    static boolean isBadInput(Exception ex) {
        return ex instanceof UsageException || ex instanceof ParameterException
                || ex instanceof InvalidValueException || ex instanceof ResultsFileException
                || ex instanceof BadTargetException || ex instanceof LabRefusal || ex instanceof NotComparableException;
    }
}
