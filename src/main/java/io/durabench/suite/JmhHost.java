package io.durabench.suite;

import io.durabench.results.JmhResultsFile;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.PrintStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.concurrent.SynchronousQueue;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.VerboseMode;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * The JVM that hosts JMH's runner for a run ({@link JmhHostClient} starts it, one per run). JMH 1.37's
 * runner needs sun.misc.Unsafe (its BenchmarkParams check their field layout with
 * Unsafe.objectFieldOffset), so it runs here, with {@code --sun-misc-unsafe-memory-access=allow} on JDK
 * 23+, and durabench's own JVM runs with it denied. One cell at a time: a {@link Request} (JMH's Options,
 * which are Serializable) on stdin; JMH's console text back as {@link Text}, then a {@link Done} with the
 * results as JMH's JSON entries, on stdout (System.out goes to stderr, so nothing else can write there).
 *
 * <p>Ctrl-C and SIGTERM to the process group are for the launcher and JMH's fork to act on: the host
 * ignores them and finishes when the fork does, as the runner did inside the launcher. When its
 * stdin closes (the launcher exited, even by SIGKILL), it stops its fork (SIGTERM: the fork's hooks
 * remove its files) and exits through its own hooks, which delete JMH's temporary files.
 */
public final class JmhHost {
    /** One cell to run. */
    public record Request(Options options, VerboseMode verbosity) implements Serializable {
    }

    /** A piece of JMH's console text for the cell. */
    public record Text(String text) implements Serializable {
    }

    /** The cell's JMH JSON entries ("[]" when none), or the root message of what JMH threw. */
    public record Done(String entries, String error) implements Serializable {
    }

    private JmhHost() {
    }

    public static void main(String[] args) throws Exception {
        io.durabench.child.ParentWatch.start();
        Signal.handle(new Signal("INT"), SignalHandler.SIG_IGN);
        Signal.handle(new Signal("TERM"), SignalHandler.SIG_IGN);
        ObjectOutputStream out = new ObjectOutputStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out)));
        out.flush();
        System.setOut(System.err);
        SynchronousQueue<Request> requests = new SynchronousQueue<>();
        Thread reader = new Thread(() -> readRequests(requests), "durabench-jmh-host-stdin");
        reader.setDaemon(true);
        reader.start();
        while (true) {
            Request r = requests.take();
            Done d = run(r, out);
            synchronized (out) {
                out.writeObject(d);
                out.flush();
                out.reset();
            }
        }
    }

    /** Hands each request to the main thread; at the end of stdin, stops the fork and exits. */
    private static void readRequests(SynchronousQueue<Request> requests) {
        try (ObjectInputStream in = new ObjectInputStream(System.in)) {
            while (true) requests.put((Request) in.readObject());
        } catch (EOFException closed) {
            // the launcher is gone, or done
        } catch (IOException | ClassNotFoundException | InterruptedException e) {
            System.err.println("durabench: JMH host: cannot read a request: " + e);
        }
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroy);
        // exit, not halt: JMH's temporary files (its compiler hints, jmh*compilecommand) are File.deleteOnExit's, which halt skips.
        System.exit(0);
    }

    private static Done run(Request r, ObjectOutputStream out) {
        try (PrintStream console = new PrintStream(new LineStream(text -> send(out, text)), true, StandardCharsets.UTF_8)) {
            Collection<RunResult> results = new Runner(r.options(), OutputFormatFactory.createFormatInstance(console, r.verbosity())).run();
            return new Done(JmhResultsFile.entries(results).toString(), null);
        } catch (Exception e) {
            return new Done(null, CellRunner.rootMessage(e));
        }
    }

    /** JMH's console text, a line at a time, as {@link Text} messages. */
    private static void send(ObjectOutputStream out, String text) throws IOException {
        synchronized (out) {
            out.writeObject(new Text(text));
            out.flush();
            out.reset();
        }
    }
}
