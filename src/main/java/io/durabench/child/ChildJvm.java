package io.durabench.child;

import io.durabench.env.JvmFacts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of one child JVM that runs a durabench main class: an optional command prefix
 * (strace for the syscall witness, taskset for a pinned lock-step pair), the JVM, the flags every JVM
 * of ours needs on its release ({@link #flagsFor}), the caller's own JVM options, the classpath, the
 * main class and its arguments. Immutable; each {@code with} returns a changed copy.
 *
 * @param prefix   what runs the JVM (empty: nothing, the JVM is the process)
 * @param java     the java executable
 * @param feature  the JVM's feature release (17, 25), which decides its flags
 * @param jvmArgs  the caller's JVM options, after the flags (so they win)
 */
public record ChildJvm(List<String> prefix, Path java, int feature, List<String> jvmArgs, String classpath, String mainClass,
                       List<String> args) {
    /** The first JDK feature release that knows --sun-misc-unsafe-memory-access (JEP 471). */
    public static final int UNSAFE_FLAG_SINCE = 23;

    public ChildJvm {
        prefix = List.copyOf(prefix);
        jvmArgs = List.copyOf(jvmArgs);
        args = List.copyOf(args);
    }

    /** {@code main} in {@code jvm}, on this JVM's classpath. */
    public static ChildJvm of(JvmFacts jvm, Class<?> main) {
        return new ChildJvm(List.of(), jvm.java(), jvm.feature(), List.of(), System.getProperty("java.class.path"), main.getName(), List.of());
    }

    /** {@code main} in the JVM this code runs in (java.home's java), on this JVM's classpath. */
    public static ChildJvm ofThisJvm(Class<?> main) {
        return of(JvmFacts.current(), main);
    }

    public ChildJvm withArgs(List<String> newArgs) {
        return new ChildJvm(prefix, java, feature, jvmArgs, classpath, mainClass, newArgs);
    }

    public ChildJvm withJvmArgs(List<String> options) {
        return new ChildJvm(prefix, java, feature, options, classpath, mainClass, args);
    }

    public ChildJvm withPrefix(List<String> command) {
        return new ChildJvm(command, java, feature, jvmArgs, classpath, mainClass, args);
    }

    public ChildJvm withClasspath(String cp) {
        return new ChildJvm(prefix, java, feature, jvmArgs, cp, mainClass, args);
    }

    /** The whole command, prefix first. */
    public List<String> command() {
        List<String> c = new ArrayList<>(prefix);
        c.add(java.toString());
        c.addAll(flagsFor(feature));
        c.addAll(jvmArgs);
        c.addAll(List.of("-cp", classpath, mainClass));
        c.addAll(args);
        return c;
    }

    /**
     * Flags every JVM of ours needs so that jnr's jffi runs without warnings: native access for every
     * JVM that has the option (17+), and {@code sun.misc.Unsafe} memory access where JDK 23+
     * restricts it (JDK 17 refuses that flag). JMH's forks get the same ({@code JvmSlot}).
     */
    public static List<String> flagsFor(int feature) {
        List<String> flags = new ArrayList<>();
        if (feature >= 17) flags.add("--enable-native-access=ALL-UNNAMED");
        if (feature >= UNSAFE_FLAG_SINCE) flags.add("--sun-misc-unsafe-memory-access=allow");
        return flags;
    }
}
