package io.durabench.catalogue;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.State;

/**
 * What a JMH bench class declares, read from its annotations the way JMH reads them: per
 * {@code @Benchmark} method, the {@code @Param} fields of every {@code @State} it uses (the class
 * itself when it is a state, and each state parameter with its superclasses), and the counter
 * fields of its {@code @AuxCounters} states.
 */
record BenchClassShape(Map<String, Set<String>> paramsByMethod, Map<String, Set<String>> countersByMethod) {

    static BenchClassShape of(Class<?> bench) {
        Map<String, Set<String>> params = new LinkedHashMap<>();
        Map<String, Set<String>> counters = new LinkedHashMap<>();
        for (Method m : bench.getDeclaredMethods()) {
            if (!m.isAnnotationPresent(org.openjdk.jmh.annotations.Benchmark.class)) continue;
            Set<String> p = new LinkedHashSet<>();
            Set<String> c = new LinkedHashSet<>();
            if (bench.isAnnotationPresent(State.class)) p.addAll(paramFields(bench));
            for (Class<?> state : m.getParameterTypes()) {
                if (!state.isAnnotationPresent(State.class)) continue;
                p.addAll(paramFields(state));
                if (state.isAnnotationPresent(AuxCounters.class)) c.addAll(counterFields(state));
            }
            params.put(m.getName(), p);
            counters.put(m.getName(), c);
        }
        return new BenchClassShape(params, counters);
    }

    private static Set<String> paramFields(Class<?> type) {
        Set<String> names = new LinkedHashSet<>();
        for (Class<?> t = type; t != null && t != Object.class; t = t.getSuperclass()) {
            for (Field f : t.getDeclaredFields()) if (f.isAnnotationPresent(Param.class)) names.add(f.getName());
        }
        return names;
    }

    /** JMH publishes every public numeric field of an @AuxCounters state as a secondary metric. */
    private static Set<String> counterFields(Class<?> type) {
        Set<String> names = new LinkedHashSet<>();
        for (Field f : type.getFields()) {
            boolean numeric = f.getType() == long.class || f.getType() == int.class || f.getType() == double.class;
            if (numeric && !Modifier.isStatic(f.getModifiers())) names.add(f.getName());
        }
        return names;
    }
}
