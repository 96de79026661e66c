package io.durabench.results;

/**
 * A file that cannot be read as results (missing, empty, truncated, not JMH JSON, a malformed or
 * newer durabench file). The message starts with the file and says what is wrong and what to do;
 * the command line prints it as one line and exits 2.
 */
public final class ResultsFileException extends IllegalArgumentException {
    public ResultsFileException(String message) {
        super(message);
    }
}
