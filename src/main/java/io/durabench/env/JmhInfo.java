package io.durabench.env;

import org.openjdk.jmh.util.Version;

import java.lang.reflect.Method;

/** The JMH version on the classpath and the blackhole mode its forked benchmark JVMs would use. */
final class JmhInfo {
    private static final String COMPILER_HINTS = "org.openjdk.jmh.runner.CompilerHints";

    private JmhInfo() {
    }

    /** From jmh-core's jmh.properties ("1.37"); null if the jar does not carry it (JMH then says "-"). */
    static String version() {
        String v = Version.getPlainVersion();
        return v == null || v.isBlank() || v.equals("-") ? null : v;
    }

    /**
     * The same decision, and the same words, as JMH's "# Blackhole mode: ..." line.
     * <p>
     * JMH 1.37 decides in the host JVM (CompilerHints.blackholeMode) and passes it to every fork:
     * -Djmh.blackhole.mode=COMPILER|FULL_DONTINLINE|FULL forces a mode; otherwise, unless
     * -Djmh.blackhole.autoDetect=false, it starts this JDK's java twice with
     * -XX:CompileCommand=blackhole,... to see whether the VM accepts compiler blackholes
     * (JDK 17+ HotSpot does) and picks "compiler", else "full + dont-inline hint". Those methods
     * are private, so they are called reflectively: re-implementing them would drift from JMH.
     * The probe runs the same java binary (java.home) that `durabench run` forks use.
     */
    static String blackholeMode() {
        try {
            Class<?> hints = Class.forName(COMPILER_HINTS);
            Object mode = callStatic(hints, "blackholeMode");
            Object select = callStatic(hints, "blackholeSelect");
            String text = call(mode, "desc") + " (" + call(select, "desc") + ")";
            boolean hintsEnabled = (Boolean) callStatic(hints, "compilerHintsEnabled");
            if (!hintsEnabled && "COMPILER".equals(mode.toString())) {
                // Compiler blackholes travel to forks as compile commands; a VM that takes none falls back.
                return "full (JMH disables compiler hints on this VM, so compiler blackholes are not passed to forks)";
            }
            return text;
        } catch (ReflectiveOperationException | RuntimeException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            return "unknown (could not ask JMH's " + COMPILER_HINTS + ": " + cause + ")";
        }
    }

    private static Object callStatic(Class<?> type, String name) throws ReflectiveOperationException {
        Method m = type.getDeclaredMethod(name);
        m.setAccessible(true);
        return m.invoke(null);
    }

    private static Object call(Object target, String name) throws ReflectiveOperationException {
        Method m = target.getClass().getDeclaredMethod(name);
        m.setAccessible(true);
        return m.invoke(target);
    }
}
