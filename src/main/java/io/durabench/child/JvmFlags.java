package io.durabench.child;

import io.durabench.nativeio.LayerChoice;
import io.durabench.nativeio.NativeLayer;
import java.util.ArrayList;
import java.util.List;

/**
 * The flags a JVM of ours gets ahead of any option of the caller's, decided by its release, its
 * native layer and whether JMH's code runs in it:
 * <ul>
 *   <li>{@code --enable-native-access=ALL-UNNAMED}: both layers call native code (17+ knows the option);</li>
 *   <li>from JDK 23 (JEP 471), {@code --sun-misc-unsafe-memory-access}: {@code deny} where nothing in the JVM
 *       needs sun.misc.Unsafe (the java.lang.foreign layer, no JMH), {@code allow} where jnr's jffi or JMH
 *       1.37 does (its BenchmarkParams and Blackhole check their field layout with Unsafe.objectFieldOffset);
 *       JDK 17 refuses the option;</li>
 *   <li>{@code -Ddurabench.native=LAYER}: the layer the parent decided, so the child cannot decide otherwise.</li>
 * </ul>
 *
 * @param jmh whether JMH's own code runs in the JVM (a benchmark fork, the fork check, the runner's host)
 */
public record JvmFlags(int feature, NativeLayer.Kind layer, boolean jmh) {
    /** The first JDK feature release that knows --sun-misc-unsafe-memory-access (JEP 471). */
    public static final int UNSAFE_FLAG_SINCE = 23;

    /** A JVM that runs only durabench's code: a pg, etcd or probe child, a lock-step side, the witnessed JVM. */
    public static JvmFlags ours(int feature, NativeLayer.Kind layer) {
        return new JvmFlags(feature, layer, false);
    }

    /** A JVM that runs JMH's code too: JMH's benchmark forks, the fork check that stands in for one, and JMH's runner's host. */
    public static JvmFlags jmhFork(int feature, NativeLayer.Kind layer) {
        return new JvmFlags(feature, layer, true);
    }

    /** True when something in the JVM uses sun.misc.Unsafe's memory access: jffi (the jnr layer) or JMH. */
    public boolean needsUnsafe() {
        return jmh || layer == NativeLayer.Kind.JNR;
    }

    public List<String> list() {
        List<String> flags = new ArrayList<>();
        if (feature >= 17) flags.add("--enable-native-access=ALL-UNNAMED");
        if (feature >= UNSAFE_FLAG_SINCE) flags.add("--sun-misc-unsafe-memory-access=" + (needsUnsafe() ? "allow" : "deny"));
        flags.add(LayerChoice.option(layer));
        return flags;
    }
}
