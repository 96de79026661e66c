package io.durabench.format;

import io.durabench.stats.Estimate;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * Number formats shared by all renderers and messages, so the same figure reads the same everywhere.
 * DecimalFormat instances, not String.format: a 1,000-row report formats ~20,000 numbers and must
 * finish (JVM start included) well under 2 s. Reports are rendered on one thread.
 */
public final class Fmt {
    private static final DecimalFormatSymbols ROOT = DecimalFormatSymbols.getInstance(Locale.ROOT);
    private static final DecimalFormat GROUPED_0 = new DecimalFormat("#,##0", ROOT);
    private static final DecimalFormat GROUPED_1 = new DecimalFormat("#,##0.0", ROOT);
    private static final DecimalFormat FIXED_1 = new DecimalFormat("0.0", ROOT);
    private static final DecimalFormat FIXED_2 = new DecimalFormat("0.00", ROOT);
    private static final DecimalFormat FIXED_3 = new DecimalFormat("0.000", ROOT);
    private static final DecimalFormat SCIENTIFIC = new DecimalFormat("0.000E0", ROOT);

    /**
     * A positive figure's interval whose ends are more than this factor apart (two orders of magnitude: a t quantile of
     * 12.7 or 31.6 on the 1 or 2 degrees of freedom of two or three forks) bounds nothing a reader could use: it prints
     * {@link #TOO_FEW_FORKS} instead of a lower end of 0.00 and an upper one beyond any plausible value.
     */
    public static final double UNBOUNDED_SPAN = 100;
    public static final String TOO_FEW_FORKS = "[too few forks to bound]";

    private Fmt() {
    }

    /** An enum constant as an id: its name in lower case, words joined by '-' (NOT_DURABLE: "not-durable"). */
    public static String id(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static synchronized String f(DecimalFormat format, double x) {
        return format.format(x);
    }

    /** A time in µs for tables: two decimals (0.39, 29.15, 518.00), grouped above 10,000. */
    public static String us(double x) {
        if (Double.isNaN(x)) return "";
        if (Double.isInfinite(x)) return x > 0 ? "inf" : "-inf";
        return Math.abs(x) >= 10_000 ? f(GROUPED_0, x) : f(FIXED_2, x);
    }

    /** A headline figure (a cost) in prose: whole µs from 10 up (518, 94), two decimals below. */
    public static String usRounded(double x) {
        if (Double.isNaN(x)) return "?";
        // Beyond 1,000 s only an interval from two or three forks gets here (t = 637 at 99.9% on 1 df): 48 digits say nothing more than "9.5e+48".
        if (Math.abs(x) >= 1e9) return String.format(java.util.Locale.ROOT, "%.1e", x);
        return Math.abs(x) >= 10 ? f(GROUPED_0, x) : f(FIXED_2, x);
    }

    /**
     * A time in µs for narrow tables: four significant figures at most (0.39, 26.77, 327.5, 1,004),
     * so an interval column stays short; the CSV and JSON keep full precision.
     */
    public static String usCompact(double x) {
        if (Double.isNaN(x)) return "";
        if (Double.isInfinite(x)) return x > 0 ? "inf" : "-inf";
        double a = Math.abs(x);
        if (a >= 1000) return f(GROUPED_0, x);
        return a >= 100 ? f(FIXED_1, x) : f(FIXED_2, x);
    }

    /** "[280.8, 374.3]" in {@link #usCompact}; "" without an interval. */
    public static String usCompactInterval(Estimate e) {
        return interval(e, false, Fmt::usCompact);
    }

    /** "[276, 369]" in {@link #usRounded}, for prose; "" without an interval. */
    public static String usRoundedInterval(Estimate e) {
        return interval(e, false, Fmt::usRounded);
    }

    /** "323 µs [276, 369]" for prose; without an interval "323 µs (no interval: one iteration)". */
    public static String usWithInterval(Estimate e) {
        if (e == null) return "?";
        String interval = usRoundedInterval(e);
        return usRounded(e.mean()) + " µs" + (interval.isEmpty() ? " (no interval)" : " " + interval);
    }

    /** "2.7 KiB" style sizes for prose: 512 B, 4 KiB, 64 KiB, 1.5 KiB. */
    public static String bytes(long b) {
        if (b < 1024 || b % 512 != 0) return f(GROUPED_0, b) + " B";
        double kib = b / 1024.0;
        return (kib == Math.rint(kib) ? f(GROUPED_0, kib) : f(FIXED_1, kib)) + " KiB";
    }

    /** A ratio: 1,312 / 75 / 4.2 — one decimal only where it matters. */
    public static String ratio(double x) {
        if (Double.isNaN(x)) return "";
        if (Double.isInfinite(x)) return "inf";
        return Math.abs(x) >= 10 ? f(GROUPED_0, x) : f(FIXED_1, x);
    }

    public static String ops(double x) {
        return Double.isFinite(x) ? f(GROUPED_0, x) : "";
    }

    public static String plain(double x) {
        if (Double.isNaN(x)) return "NaN";
        if (Double.isInfinite(x)) return x > 0 ? "+INF" : "-INF";
        double a = Math.abs(x);
        if (a != 0 && (a < 0.001 || a >= 1e9)) return f(SCIENTIFIC, x);
        return a >= 100 ? f(GROUPED_1, x) : f(FIXED_3, x);
    }

    public static String fixed2(double x) {
        return Double.isFinite(x) ? f(FIXED_2, x) : "";
    }

    /** A fraction as a whole percentage: 0.123 is "12%" (a percentage already is {@code Numbers.percent}'s). */
    public static String percentOfFraction(double fraction) {
        return f(GROUPED_0, fraction * 100) + "%";
    }

    /** A signed change in %: "+2.1%", "-24%": one decimal under 10%, none above. */
    public static String signedPercent(double pct) {
        return (pct >= 0 ? "+" : "-") + percentBound(Math.abs(pct)) + "%";
    }

    /** An interval's end in %, without the sign's plus: "-29", "1.5", "-0.3". */
    public static String percentBound(double pct) {
        if (!Double.isFinite(pct)) return "?";
        String s = Math.abs(pct) >= 10 ? String.format(java.util.Locale.ROOT, "%.0f", pct) : String.format(java.util.Locale.ROOT, "%.1f", pct);
        return s.equals("-0.0") || s.equals("-0") ? "0" : s;
    }

    /**
     * "[lo, hi]"; "unbounded" when a ratio's interval has no finite ends (the baseline's
     * own interval is too wide to divide by); "" when there is nothing to compute from.
     */
    public static String interval(Estimate e, boolean ratio) {
        return interval(e, ratio, ratio ? Fmt::ratio : Fmt::us);
    }

    /**
     * Whether an interval was built on the log scale, as a positive figure's is (a time, a rate: its ends the mean times
     * e^-h and e^h), not as a difference's (the mean ± h, which may rightly end near zero).
     */
    private static boolean onLogScale(Estimate e) {
        return e.low() > 0 && Math.abs(e.low() * e.high() / (e.mean() * e.mean()) - 1) < 1e-9;
    }

    /** A commits/s (ops/s) interval: "[1,204, 1,388]". */
    public static String opsInterval(Estimate e) {
        return interval(e, false, Fmt::ops);
    }

    private static String interval(Estimate e, boolean ratio, java.util.function.DoubleFunction<String> format) {
        if (e == null) return "";
        if (!e.hasInterval()) return ratio && e.n() >= 2 ? "unbounded" : "";
        if (!ratio && onLogScale(e)) {
            if (e.high() / e.low() > UNBOUNDED_SPAN) return TOO_FEW_FORKS;
            // A positive lower end never reads 0.00: below the format's last digit it keeps two significant ones.
            String low = format.apply(e.low());
            return "[" + (low.matches("[0.]+") ? String.format(Locale.ROOT, "%.2g", e.low()) : low) + ", " + format.apply(e.high()) + "]";
        }
        return "[" + format.apply(e.low()) + ", " + format.apply(e.high()) + "]";
    }
}
