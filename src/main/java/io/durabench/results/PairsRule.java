package io.durabench.results;

import com.google.gson.JsonObject;
import io.durabench.env.JsonFields;
import io.durabench.stats.Numbers;
import java.util.Locale;

/**
 * Fork pairs to a precision, as lockstep.json records it: every cell gets the planned fork pairs, then one more in each
 * fork pair while its ratio's interval (the one the report's lock-step column prints:
 * {@link LockStepFile.CellRecord#halfWidth}) is wider than the precision, up to the most fork pairs any cell gets;
 * and why the run added no more. In lockstep.json: {@code "forkPairs"}, {@code "precision"} (absent without one) and
 * {@code "maxForkPairs"} in its settings, {@code "pairsStopped"} beside them. A file without them had fixed fork pairs.
 *
 * @param planned      fork pairs every cell gets (but a FAILED one)
 * @param precision    the half-width wanted, as a share of the ratio (0.03 for ±3%); NaN for none (--budget alone: every
 *                     cell wants more, until the cap or the budget)
 * @param maxForkPairs the most fork pairs a cell gets
 * @param stopped      why no more fork pairs were added, in words; null while the run goes on or when it was interrupted
 */
public record PairsRule(int planned, double precision, int maxForkPairs, String stopped) {
    public PairsRule {
        if (planned < 1 || maxForkPairs < planned) {
            throw new IllegalArgumentException("fork pairs: " + planned + " planned, at most " + maxForkPairs + ": the most is no fewer than the planned");
        }
    }

    public PairsRule withStopped(String why) {
        return new PairsRule(planned, precision, maxForkPairs, why);
    }

    /**
     * Whether a cell whose interval has this half-width wants another fork pair: there is no precision to reach, or the
     * cell has no interval yet (NaN: fewer than two measured pairs), or it is wider than the precision.
     */
    public boolean wants(double halfWidth) {
        return wantsMore(halfWidth, precision);
    }

    /**
     * The rule both precision targets share (more fork pairs here, more rounds in a run in rounds): an interval of
     * relative half-width {@code halfWidth} wants more measurement when there is no {@code precision} to reach (NaN),
     * when there is no interval yet (NaN), or when it is wider than the precision.
     */
    public static boolean wantsMore(double halfWidth, double precision) {
        return Double.isNaN(precision) || Double.isNaN(halfWidth) || halfWidth > precision;
    }

    /** "±3%", or "no precision (--budget alone)". */
    public String target() {
        return Double.isNaN(precision) ? "no precision (--budget alone)" : "±" + percent(precision);
    }

    /** Which cells get the pairs after the planned ones: "the cells wider than ±3%", or "every cell (--budget alone)". */
    public String extended() {
        return Double.isNaN(precision) ? "every cell (--budget alone)" : "the cells wider than " + target();
    }

    /** "14 cells still wider than ±3%", or "14 cells (--budget alone: every cell)". */
    public String stillWider(int cells) {
        String n = Numbers.count(cells, "cell", "cells");
        return Double.isNaN(precision) ? n + " (--budget alone: every cell)" : n + " still wider than " + target();
    }

    /** The rule in words: "5 fork pairs, then more for each cell wider than ±3% (at most 10)". */
    public String words() {
        return Numbers.count(planned, "fork pair", "fork pairs") + ", then one more at a time for each cell "
                + (Double.isNaN(precision) ? "(--budget alone: every cell)"
                : "whose 95% interval is wider than " + target()) + ", at most " + maxForkPairs;
    }

    /** Where a cell's fork pairs ended, and why. */
    public enum Reached {
        /** within the precision at the planned fork pairs */
        WITHIN_PLANNED("within at the planned pairs"),
        /** within the precision after more */
        WITHIN_AFTER_MORE("within after more"),
        /** still wider at the cap */
        CAP("cap"),
        /** still wider when the next fork pair would have passed the budget */
        BUDGET("budget"),
        /** still wider when the run was interrupted */
        INTERRUPTED("interrupted"),
        /** FAILED: not extended */
        FAILED("FAILED");

        public final String word;

        Reached(String word) {
            this.word = word;
        }

        /** Whether the cell is still wider than the precision. */
        public boolean wider() {
            return this == CAP || this == BUDGET || this == INTERRUPTED;
        }
    }

    /**
     * Where the cell's fork pairs ended. A cell still wider below the cap stopped with the run: at the budget when the run
     * says why it stopped (the only reason it gives while a cell below the cap is wider), else interrupted.
     */
    public Reached reached(LockStepFile.CellRecord c) {
        if (c.failed().isPresent()) return Reached.FAILED;
        int n = c.measured().size();
        if (!wants(c.halfWidth())) return n <= planned ? Reached.WITHIN_PLANNED : Reached.WITHIN_AFTER_MORE;
        if (n >= maxForkPairs) return Reached.CAP;
        return stopped == null ? Reached.INTERRUPTED : Reached.BUDGET;
    }

    /** Why the cell has the fork pairs it has, in words: "within ±3% after 7", "the cap of 10, still ±4.1%". */
    public String why(LockStepFile.CellRecord c) {
        int n = c.measured().size();
        double w = c.halfWidth();
        String still = Double.isNaN(w) ? "" : ", still ±" + percent(w);
        return switch (reached(c)) {
            case FAILED -> "FAILED, not extended";
            case WITHIN_PLANNED -> "within " + target() + " at the planned " + planned;
            case WITHIN_AFTER_MORE -> "within " + target() + " after " + n;
            case CAP -> "the cap of " + maxForkPairs + still;
            case BUDGET -> stopped + still;
            case INTERRUPTED -> "the run was interrupted" + still;
        };
    }

    static String percent(double share) {
        return String.format(Locale.ROOT, "%.3g%%", share * 100).replaceFirst("\\.?0+%$", "%");
    }

    void write(JsonObject settings, JsonObject root) {
        settings.addProperty("forkPairs", planned);
        if (!Double.isNaN(precision)) settings.addProperty("precision", precision);
        settings.addProperty("maxForkPairs", maxForkPairs);
        root.addProperty("pairsStopped", stopped);
    }

    /** The rule a file records, or null (fixed fork pairs, or a file written before there was a rule). */
    static PairsRule read(JsonObject settings, JsonObject root) {
        Integer max = JsonFields.integer(settings, "maxForkPairs");
        if (max == null) return null;
        Double precision = JsonFields.number(settings, "precision");
        return new PairsRule(JsonFields.integer(settings, "forkPairs"), precision == null ? Double.NaN : precision, max,
                JsonFields.string(root, "pairsStopped"));
    }
}
