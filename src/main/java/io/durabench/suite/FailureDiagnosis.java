package io.durabench.suite;

import io.durabench.child.ChildFailedException;
import io.durabench.child.ChildProcess;
import io.durabench.child.ChildStatus;
import io.durabench.child.ResultLines;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns what JMH printed for a failed cell into one line saying why: the benchmark's own exception
 * (a failed fdatasync names call, errno and path), or, when a forked JVM died without a word, the
 * JDK setting and library that stopped it — found by starting {@link ForkCheck} in that JVM with
 * the same flags. "JMH run failed: Benchmark error during the run" alone helps nobody.
 */
final class FailureDiagnosis {
    /** JMH prints a failed iteration as "Iteration   1: &lt;failure&gt;" then the stack trace. */
    private static final Pattern FAILURE = Pattern.compile("<failure>\\s*\\R\\s*(\\S[^\\n]*)");
    private static final Pattern FORK_DIED = Pattern.compile("<forked VM failed with exit code (\\d+)>");
    private static final Pattern EXCEPTION_LINE = Pattern.compile("^(?:Caused by: )?([\\w.$]+(?:Exception|Error)): ?(.*)$");
    private static final Pattern FRAME = Pattern.compile("^\\s*at ([\\w.$]+)\\.[\\w$<>]+\\(");
    /** A JVM start and jnr's load: seconds; a check still running after this has nothing to say. */
    private static final Duration CHECK_LIMIT = Duration.ofSeconds(60);

    private FailureDiagnosis() {
    }

    /**
     * @param jmhText   everything JMH printed for the cell
     * @param fallback  the exception the JMH runner threw (its root message), for when the text says nothing
     * @param forkCheck the command that starts {@link ForkCheck} in the cell's JVM with its flags
     */
    static String explain(String jmhText, String fallback, List<String> forkCheck) {
        Matcher failure = FAILURE.matcher(jmhText);
        if (failure.find()) return benchmarkException(failure.group(1));
        Matcher died = FORK_DIED.matcher(jmhText);
        if (died.find()) {
            int code = Integer.parseInt(died.group(1));
            String stopped = stoppedFromOutside(code);
            if (stopped != null) return "the benchmark JVM " + stopped;
            String why = forkCheck(forkCheck);
            return "the benchmark JVM exited with code " + died.group(1) + " before reporting"
                    + (why == null ? " (it printed nothing; see jmh-log.txt)" : ": " + why);
        }
        return "JMH run failed: " + fallback;
    }

    /**
     * The exit codes of a JVM stopped from outside, 128 + the signal: the kernel reports a SIGKILL so,
     * and the JVM exits so itself after running its hooks on SIGHUP, SIGINT and SIGTERM. Nothing about
     * the JVM's flags is to blame then, so no fork check is made; null for any other code.
     */
    static String stoppedFromOutside(int exitCode) {
        return switch (exitCode) {
            case 128 + 1 -> "was stopped by SIGHUP (exit code 129: its terminal went away)";
            case 128 + 2 -> "was interrupted by SIGINT (exit code 130: Ctrl-C)";
            case 128 + 9 -> "was killed with SIGKILL (exit code 137: by a user, or the kernel's out-of-memory killer, see dmesg)";
            case 128 + 15 -> "was terminated by SIGTERM (exit code 143)";
            default -> null;
        };
    }

    /** "java.lang.IllegalStateException: x" -> "IllegalStateException: x" (durabench's own exceptions name call, errno and path). */
    private static String benchmarkException(String line) {
        Matcher m = EXCEPTION_LINE.matcher(line.strip());
        if (!m.matches()) return line.strip();
        String type = m.group(1).substring(m.group(1).lastIndexOf('.') + 1);
        return type.equals("NativeCallException") ? m.group(2) : type + ": " + m.group(2);
    }

    /**
     * Runs the check; null when it passes or cannot run, finish or be waited for (then there is
     * nothing more to say). Its stack trace is on stdout and the JVM's own refusals on stderr: both
     * are read.
     */
    private static String forkCheck(List<String> command) {
        ChildProcess.Exit exit;
        try (ChildProcess p = ChildProcess.start(command, "the fork check")) {
            exit = p.await(CHECK_LIMIT);
        } catch (ChildFailedException e) {
            return null;
        }
        if (ResultLines.parse(exit.stdout()).stream().anyMatch(a -> ChildStatus.of(a) == ChildStatus.OK)) return null;
        List<String> text = new ArrayList<>(exit.stdout().stream().filter(l -> !l.startsWith(ResultLines.PREFIX)).toList());
        text.addAll(exit.stderr());
        return refusal(String.join("\n", text), command);
    }

    /** The deepest cause and the first library frame under it, named in words a user can act on. */
    static String refusal(String trace, List<String> command) {
        String cause = null, library = null;
        List<String> lines = new ArrayList<>(trace.lines().toList());
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = EXCEPTION_LINE.matcher(lines.get(i).strip());
            if (!m.matches()) continue;
            cause = m.group(1).substring(m.group(1).lastIndexOf('.') + 1) + (m.group(2).isEmpty() ? "" : ": " + m.group(2));
            library = null;
            for (int j = i + 1; j < lines.size() && library == null; j++) {
                Matcher f = FRAME.matcher(lines.get(j));
                if (f.find() && !f.group(1).startsWith("java.") && !f.group(1).startsWith("jdk.") && !f.group(1).startsWith("sun.")) {
                    library = libraryOf(f.group(1));
                }
            }
        }
        if (cause == null) return null;
        String flags = String.join(" ", command.stream().filter(a -> a.startsWith("--") || a.startsWith("-XX") || a.startsWith("-D")).toList());
        if (trace.contains("sun.misc.Unsafe") && cause.startsWith("UnsupportedOperationException")) {
            return setting(flags, "--sun-misc-unsafe-memory-access") + ": this JDK refuses sun.misc.Unsafe memory access and "
                    + library + " needs it; drop that option or set it to allow (" + cause + ")";
        }
        if (cause.startsWith("IllegalCallerException") && trace.contains("native access")) {
            return setting(flags, "--illegal-native-access") + ": this JDK refuses native access and " + library
                    + " needs it; pass --enable-native-access=ALL-UNNAMED (" + cause + ")";
        }
        return cause + (library == null ? "" : " in " + library);
    }

    /** The option as the JVM took it: the last occurrence wins (the user's, after durabench's own). */
    private static String setting(String flags, String name) {
        String last = null;
        for (String f : flags.split(" ")) if (f.startsWith(name)) last = f;
        return last != null ? last : name + " set by default in this JDK";
    }

    private static String libraryOf(String className) {
        if (className.startsWith("com.kenai.jffi") || className.startsWith("jnr.")) return "jffi/jnr (durabench's native layer)";
        if (className.startsWith("org.openjdk.jmh")) return "JMH 1.37";
        return className.substring(0, Math.max(className.lastIndexOf('.'), 0));
    }
}
