package io.durabench.report;

import io.durabench.workload.SyncMethod;
import java.util.Map;

/**
 * What each durabench benchmark's "method" parameter is, which value is its baseline, and whether
 * a value reaches stable storage. SyncWriteCost's durability comes from {@link SyncMethod} itself.
 */
final class MethodRules {
    static final String PREFIX = "io.durabench.bench.";

    private MethodRules() {
    }

    /** The parameter naming the method, or null when the result is not a durabench method comparison. */
    static String methodParam(String benchmark, Map<String, String> params) {
        if (!benchmark.startsWith(PREFIX)) return null;
        for (String p : new String[] {"syncMethod", "pgMethod", "syncDirectory"}) {
            if (params.containsKey(p)) return p;
        }
        return null;
    }

    /** --baseline applies to syncMethod; pg_test_fsync's baseline is its plain WRITE, file creation's is no directory sync. */
    static String baseline(String methodParam, String syncMethodBaseline) {
        return switch (methodParam) {
            case "pgMethod" -> "WRITE";
            case "syncDirectory" -> "false";
            default -> syncMethodBaseline;
        };
    }

    /**
     * Null when a result is durable: the method reaches stable storage AND the context has some
     * (tmpfs and ramfs have none, whatever the method); else why not.
     */
    static String notDurableBecause(Context context, String methodParam, String method) {
        String why = notDurableBecause(methodParam, method);
        if (why == null && Boolean.FALSE.equals(context.environment().durableStorage())) {
            why = context.place() + " has no stable storage";
        }
        return why;
    }

    /** Null when the method reaches stable storage, else why not. */
    static String notDurableBecause(String methodParam, String method) {
        switch (methodParam) {
            case "syncMethod":
                try {
                    SyncMethod m = SyncMethod.valueOf(method);
                    return m.durable() ? null : m.description() + " does not reach stable storage";
                } catch (IllegalArgumentException e) {
                    return "unknown sync method " + method;
                }
            case "pgMethod":
                return method.equals("WRITE") ? "a plain write does not reach stable storage" : null;
            case "syncDirectory":
                return method.equals("false") ? "the new directory entry is not synced" : null;
            default:
                return "unknown method parameter " + methodParam;
        }
    }
}
