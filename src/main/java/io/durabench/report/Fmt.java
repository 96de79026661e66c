package io.durabench.report;

import java.util.Locale;

/** Number formats shared by all renderers and messages, so the same figure reads the same everywhere. */
public final class Fmt {
    private Fmt() {
    }

    /** A time in µs for tables: two decimals (0.39, 29.15, 518.00), grouped above 10,000. */
    public static String us(double x) {
        if (Double.isNaN(x)) return "";
        if (Double.isInfinite(x)) return x > 0 ? "inf" : "-inf";
        return Math.abs(x) >= 10_000 ? String.format(Locale.ROOT, "%,.0f", x) : String.format(Locale.ROOT, "%.2f", x);
    }

    /** A headline figure (a cost) in prose: whole µs from 10 up (518, 94), two decimals below. */
    public static String usRounded(double x) {
        if (Double.isNaN(x)) return "?";
        return Math.abs(x) >= 10 ? String.format(Locale.ROOT, "%,.0f", x) : String.format(Locale.ROOT, "%.2f", x);
    }

    /** A ratio: 1,312 / 75 / 4.2 — one decimal only where it matters. */
    public static String ratio(double x) {
        if (Double.isNaN(x)) return "";
        if (Double.isInfinite(x)) return "inf";
        return Math.abs(x) >= 10 ? String.format(Locale.ROOT, "%,.0f", x) : String.format(Locale.ROOT, "%.1f", x);
    }

    public static String ops(double x) {
        return Double.isFinite(x) ? String.format(Locale.ROOT, "%,.0f", x) : "";
    }

    public static String plain(double x) {
        if (Double.isNaN(x)) return "NaN";
        if (Double.isInfinite(x)) return x > 0 ? "+INF" : "-INF";
        double a = Math.abs(x);
        if (a != 0 && (a < 0.001 || a >= 1e9)) return String.format(Locale.ROOT, "%.3e", x);
        return String.format(Locale.ROOT, a >= 100 ? "%,.1f" : "%.3f", x);
    }

    public static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.0f%%", fraction * 100);
    }

    /**
     * "[lo, hi]"; "unbounded" when a ratio's Fieller interval has no finite ends (the baseline's
     * own interval is too wide to divide by); "" when there is nothing to compute from.
     */
    public static String interval(Estimate e, boolean ratio) {
        if (e == null) return "";
        if (!e.hasInterval()) return ratio && e.n() >= 2 ? "unbounded" : "";
        return "[" + (ratio ? ratio(e.low()) : us(e.low())) + ", " + (ratio ? ratio(e.high()) : us(e.high())) + "]";
    }
}
