package io.durabench.results;

import java.util.Locale;

/** Converts any JMH score unit (ns/op ... s/op, ops/s, ops/ms ...) to microseconds per operation. */
public final class Units {
    private Units() {
    }

    /** Microseconds in one of JMH's time-unit abbreviations, NaN when the text is not a time unit. */
    static double micros(String timeUnit) {
        return switch (timeUnit.trim().toLowerCase(Locale.ROOT)) {
            case "ns" -> 1e-3;
            case "us", "\u00b5s", "\u03bcs" -> 1;
            case "ms" -> 1e3;
            case "s", "sec" -> 1e6;
            case "min" -> 60e6;
            case "hr", "h" -> 3600e6;
            case "day" -> 86400e6;
            default -> Double.NaN;
        };
    }

    /** True when scores in this unit are a time per op or ops per time, so µs/op is meaningful. */
    public static boolean isTimeBased(String unit) {
        return !Double.isNaN(toMicrosPerOp(1, unit));
    }

    /** A score in {@code unit} as µs per op: time units scale, throughput units invert. NaN otherwise. */
    public static double toMicrosPerOp(double value, String unit) {
        if (unit == null) return Double.NaN;
        String[] parts = unit.split("/");
        if (parts.length != 2) return Double.NaN;
        if (parts[1].trim().equals("op")) return value * micros(parts[0]);
        if (parts[0].trim().equals("ops")) return micros(parts[1]) / value;
        return Double.NaN;
    }

    /** A score in {@code unit} as ops per second (1e6 / µs per op). NaN when not time based. */
    public static double toOpsPerSec(double value, String unit) {
        return 1e6 / toMicrosPerOp(value, unit);
    }
}
