package io.durabench.cli;

import io.durabench.catalogue.InvalidValueException;
import io.durabench.compare.NotComparableException;
import io.durabench.lab.LabRefusal;
import io.durabench.results.ResultsFileException;
import io.durabench.suite.BadTargetException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Turns failures into one line on stderr: bad input (a picocli parameter error, a
 * {@link UsageException}, a value the benchmark catalogue refuses, an unreadable results file) exits 2; anything else exits 1 with its message, never a stack trace
 * (set DURABENCH_DEBUG=1 to get one).
 */
final class OneLineErrors implements IExecutionExceptionHandler, IParameterExceptionHandler {
    static final int EXIT_USAGE = 2;
    static final int EXIT_FAILURE = 1;

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        ex.getCommandLine().getErr().println("durabench: " + ex.getMessage());
        return EXIT_USAGE;
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, ParseResult parseResult) {
        if (System.getenv("DURABENCH_DEBUG") != null) ex.printStackTrace(cl.getErr());
        if (isBadInput(ex)) {
            cl.getErr().println("durabench: " + ex.getMessage());
            return EXIT_USAGE;
        }
        String msg = ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
        cl.getErr().println("durabench: " + msg.lines().findFirst().orElse(msg));
        return EXIT_FAILURE;
    }

    /** Input the user can fix: a command-line value, a parameter value the catalogue refuses, an unreadable results file. */
    static boolean isBadInput(Exception ex) {
        return ex instanceof UsageException || ex instanceof ParameterException
                || ex instanceof InvalidValueException || ex instanceof ResultsFileException
                || ex instanceof BadTargetException || ex instanceof LabRefusal || ex instanceof NotComparableException;
    }
}
