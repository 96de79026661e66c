package io.durabench.suite;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * A PrintStream onto a PrintWriter, line by line: JMH prints to a PrintStream, durabench's commands
 * print through picocli's writers, and a run's whole output must go one way (so tests capture it
 * without swapping System.out).
 */
final class WriterStream extends OutputStream {
    private final PrintWriter target;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    private WriterStream(PrintWriter target) {
        this.target = target;
    }

    static PrintStream onto(PrintWriter target) {
        return new PrintStream(new WriterStream(target), true, StandardCharsets.UTF_8);
    }

    @Override
    public synchronized void write(int b) {
        line.write(b);
        if (b == '\n') flush();
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) write(b[i]);
    }

    /** Decodes whole lines only (a UTF-8 character is never split at a newline byte). */
    @Override
    public synchronized void flush() {
        if (line.size() == 0) return;
        target.print(line.toString(StandardCharsets.UTF_8));
        target.flush();
        line.reset();
    }
}
