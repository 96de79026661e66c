package io.durabench.stats;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/** Numbers in explanations: a few significant digits, no trailing zeros, no exponent (0.0012, 252, 8.6). */
public final class Numbers {

    private Numbers() {
    }

    public static String sig(double x, int digits) {
        if (!Double.isFinite(x)) return Double.toString(x);
        if (x == 0) return "0";
        return new BigDecimal(x).round(new MathContext(digits)).stripTrailingZeros().toPlainString();
    }

    /** A p-value in words: two significant digits, or "< 0.0001" below that (as precise as anyone needs). */
    public static String pValue(double p) {
        return p < 0.0001 ? "< 0.0001" : sig(p, 2);
    }

    /** A signed percentage with one decimal: "+12.3%", "-4.0%". */
    public static String signedPercent(double pct) {
        return String.format(Locale.ROOT, "%+.1f%%", pct);
    }

    /** A count and its noun, singular for one: "1 fork pair", "2 fork pairs", "0 fork pairs". */
    public static String count(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }

    /** The same for a count already in words ("1", "5", "5–10", "1 or 5"): singular only for exactly "1". */
    public static String count(String n, String one, String many) {
        return n + " " + ("1".equals(n) ? one : many);
    }

    /** An unsigned percentage with one decimal: "12.3%". */
    public static String percent(double pct) {
        return String.format(Locale.ROOT, "%.1f%%", pct);
    }
}
