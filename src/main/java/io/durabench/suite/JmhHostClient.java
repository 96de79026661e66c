package io.durabench.suite;

import com.google.gson.JsonArray;
import com.google.gson.JsonParser;
import io.durabench.child.ChildFailedException;
import io.durabench.child.ChildJvm;
import io.durabench.child.ChildProcess;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * durabench's side of {@link JmhHost}: started at the first cell of this JVM, kept for the rest, so a
 * run pays for one more JVM start, not one per cell. The host runs this JVM's java on its classpath
 * with the flags of a JVM that runs JMH's code, and the JMH properties this JVM was given (its lock's
 * folder, -Djmh.ignoreLock). Its stderr is this JVM's. Cells are run one at a time.
 */
final class JmhHostClient {
    private static JmhHostClient shared;

    private final ChildProcess process;
    private final List<String> properties;
    private final ObjectOutputStream requests;
    private final ObjectInputStream replies;

    /** What the host answered: JMH's entries, or the root message of what JMH threw. */
    record Reply(JsonArray entries, String error) {
    }

    private JmhHostClient(List<String> properties) throws IOException {
        this.properties = properties;
        this.process = start(properties);
        this.requests = new ObjectOutputStream(new BufferedOutputStream(process.stdin()));
        this.requests.flush();
        this.replies = new ObjectInputStream(new BufferedInputStream(process.stdout()));
    }

    /**
     * The host of this JVM, started now if it is not running, or again if this JVM's JMH properties have changed
     * since (a test that sets -Djmh.ignoreLock once it runs).
     */
    static synchronized JmhHostClient shared() throws IOException {
        List<String> properties = jmhProperties();
        if (shared != null && (!shared.process.isAlive() || !shared.properties.equals(properties))) {
            try {
                shared.requests.close(); // the end of its stdin: it exits
            } catch (IOException gone) {
                // it had exited already
            }
            shared = null;
        }
        if (shared == null) shared = new JmhHostClient(properties);
        return shared;
    }

    private static ChildProcess start(List<String> properties) throws IOException {
        ChildJvm host = ChildJvm.ofThisJvm(JmhHost.class).runningJmh().withJvmArgs(properties);
        try {
            return ChildProcess.startPiped(host.command(), "JMH's host JVM");
        } catch (ChildFailedException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** -D options for JMH's own settings and the temporary folder (where JMH keeps its lock), as this JVM has them. */
    private static List<String> jmhProperties() {
        List<String> out = new ArrayList<>();
        System.getProperties().stringPropertyNames().stream().sorted()
                .filter(k -> k.startsWith("jmh.") || k.equals("java.io.tmpdir"))
                .forEach(k -> out.add("-D" + k + "=" + System.getProperty(k)));
        return out;
    }

    /** Runs one cell in the host, JMH's console text going to {@code console} as it comes. */
    synchronized Reply run(Options options, VerboseMode verbosity, PrintStream console) throws IOException {
        try {
            requests.writeObject(new JmhHost.Request(options, verbosity));
            requests.flush();
            requests.reset();
            while (true) {
                Object m = replies.readObject();
                if (m instanceof JmhHost.Text t) {
                    console.print(t.text());
                } else if (m instanceof JmhHost.Done d) {
                    return new Reply(d.entries() == null ? null : JsonParser.parseString(d.entries()).getAsJsonArray(), d.error());
                }
            }
        } catch (IOException | ClassNotFoundException e) {
            String exit = process.isAlive() ? "" : ", exit " + process.exitCode();
            process.handle().destroy(); // SIGTERM, not a kill: the host's shutdown hooks run
            throw new IOException("JMH's host JVM stopped answering (" + e.getMessage() + exit + ")", e);
        }
    }
}
