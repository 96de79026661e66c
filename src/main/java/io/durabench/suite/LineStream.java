package io.durabench.suite;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * JMH's console as text, a line at a time: an OutputStream that hands each complete line (and, at a
 * flush, whatever is pending) to a sink, decoded as UTF-8 only once the line is whole, so a character
 * split across writes is never torn. JMH's runner prints through a PrintStream over this, in this JVM
 * (JmhOutput's log) and in JMH's host (its messages to the launcher).
 */
final class LineStream extends OutputStream {
    /** Where the text goes. */
    interface Sink {
        void accept(String text) throws IOException;
    }

    private final Sink sink;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

    LineStream(Sink sink) {
        this.sink = sink;
    }

    @Override
    public synchronized void write(int b) throws IOException {
        pending.write(b);
        if (b == '\n') flush();
    }

    @Override
    public synchronized void flush() throws IOException {
        if (pending.size() == 0) return;
        String text = pending.toString(StandardCharsets.UTF_8);
        pending.reset();
        sink.accept(text);
    }
}
