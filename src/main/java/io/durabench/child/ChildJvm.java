package io.durabench.child;

import io.durabench.env.JvmFacts;
import io.durabench.nativeio.LayerChoice;
import io.durabench.nativeio.NativeLayer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of one child JVM that runs a durabench main class: an optional command prefix
 * (strace for the syscall witness, taskset for a pinned lock-step pair), the JVM, the flags every JVM
 * of ours needs on its release and native layer ({@link JvmFlags}), the caller's own JVM options, the
 * classpath, the main class and its arguments. Immutable; each {@code with} returns a changed copy.
 *
 * @param prefix   what runs the JVM (empty: nothing, the JVM is the process)
 * @param java     the java executable
 * @param flags    its release, native layer and whether it runs JMH's code, which decide its flags
 * @param jvmArgs  the caller's JVM options, after the flags (so they win)
 */
public record ChildJvm(List<String> prefix, Path java, JvmFlags flags, List<String> jvmArgs, String classpath, String mainClass,
                       List<String> args) {
    public ChildJvm {
        prefix = List.copyOf(prefix);
        jvmArgs = List.copyOf(jvmArgs);
        args = List.copyOf(args);
    }

    /**
     * {@code main} in {@code jvm}, on this JVM's classpath, on the layer that JVM gets by this JVM's
     * {@code -Ddurabench.native} (a run's slots and lock-step sides say theirs with {@link #withLayer}).
     */
    public static ChildJvm of(JvmFacts jvm, Class<?> main) {
        String classpath = System.getProperty("java.class.path");
        NativeLayer.Kind layer = LayerChoice.ofChild(jvm.feature(), classpath);
        return new ChildJvm(List.of(), jvm.java(), JvmFlags.ours(jvm.feature(), layer), List.of(), classpath, main.getName(), List.of());
    }

    /** {@code main} in the JVM this code runs in (java.home's java), on this JVM's classpath. */
    public static ChildJvm ofThisJvm(Class<?> main) {
        return of(JvmFacts.current(), main);
    }

    public ChildJvm withArgs(List<String> newArgs) {
        return new ChildJvm(prefix, java, flags, jvmArgs, classpath, mainClass, newArgs);
    }

    public ChildJvm withJvmArgs(List<String> options) {
        return new ChildJvm(prefix, java, flags, options, classpath, mainClass, args);
    }

    public ChildJvm withPrefix(List<String> command) {
        return new ChildJvm(command, java, flags, jvmArgs, classpath, mainClass, args);
    }

    /** The same child on {@code layer} (a run's slot, a lock-step side), its flags following. */
    public ChildJvm withLayer(NativeLayer.Kind layer) {
        return new ChildJvm(prefix, java, new JvmFlags(flags.feature(), layer, flags.jmh()), jvmArgs, classpath, mainClass, args);
    }

    /** The same child running JMH's own code (the fork check, JMH's host): a JMH fork's flags for its release and layer. */
    public ChildJvm runningJmh() {
        return new ChildJvm(prefix, java, JvmFlags.jmhFork(flags.feature(), flags.layer()), jvmArgs, classpath, mainClass, args);
    }

    /** The whole command, prefix first. */
    public List<String> command() {
        List<String> c = new ArrayList<>(prefix);
        c.add(java.toString());
        c.addAll(flags.list());
        c.addAll(jvmArgs);
        c.add(ParentWatch.option()); // the child ends when this process is gone (ParentWatch)
        c.addAll(List.of("-cp", classpath, mainClass));
        c.addAll(args);
        return c;
    }
}
