package io.durabench.report.render;

import io.durabench.output.Table;
import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.DecisionTable;
import io.durabench.report.LockStepColumn;
import io.durabench.report.ReferenceComparison;
import io.durabench.report.DecisionTable.Line;
import io.durabench.format.Fmt;
import io.durabench.report.ReportRow;
import io.durabench.stats.AbsoluteFigure;
import io.durabench.stats.Numbers;
import java.util.ArrayList;
import java.util.List;

/**
 * A decision table as the text and Markdown reports print it: a heading that says what a figure is
 * and what its interval is over, the table (methods x targets, "398 [350, 446] ★"), and the legend
 * lines under it (the mark, why the rows below the rule are not durable, the targets left out).
 */
final class DecisionTableText {
    /** Marks a method in the fastest set of its target. */
    static final String FASTEST = "★";
    /** Marks a cell whose row is not durable on that target although the method is elsewhere. */
    static final String NOT_DURABLE_HERE = "†";

    /** A figure's half-width a design review can act on; a target whose figures are wider gets a line saying why. */
    static final double QUOTABLE = 0.25;

    /** What each figure is: the row's mean without its stalls (their count beside it), with its interval. */
    static final String FIGURE = "mean without stalls [95% interval, the disk's level counted]";

    private DecisionTableText() {
    }

    static String heading(DecisionTable t) {
        return t.family() + (t.centre().isEmpty() ? "" : " at " + t.centre());
    }

    /** What each figure is and what its interval is over (n). */
    static String subtitle(DecisionTable t) {
        String s = t.unit() + ": " + FIGURE + ", n = " + t.replication() + " per cell";
        if (t.lockStep().isEmpty()) return s;
        LockStepColumn any = t.lockStep().values().iterator().next();
        String n = t.lockStep().values().stream().map(LockStepColumn::forkPairsText).distinct().reduce((a, b) -> a + " or " + b).orElse("");
        return s + "; vs " + any.reference() + ": the lock-step difference in % [95% interval between fork pairs], n = "
                + Numbers.count(n, "fork pair", "fork pairs");
    }

    static Table table(DecisionTable t, ContextNames names) {
        List<String> headers = new ArrayList<>(List.of("Method"));
        List<Boolean> numericList = new ArrayList<>(List.of(false));
        for (Context c : t.targets()) {
            headers.add(names.of(c));
            numericList.add(true);
            if (t.decidedInLockStep(c)) {
                headers.add("vs " + t.lockStep().get(c).reference());
                numericList.add(true);
            }
        }
        boolean[] numeric = new boolean[numericList.size()];
        for (int i = 0; i < numeric.length; i++) numeric[i] = numericList.get(i);
        Table table = new Table(headers, numeric);
        for (Line l : t.durable()) if (!everywhereNotApplicable(l)) table.add(cells(l.method(), l, t));
        if (!t.notDurable().isEmpty()) {
            List<String> rule = new ArrayList<>(List.of("not durable:"));
            for (int i = 1; i < headers.size(); i++) rule.add("");
            table.add(rule);
            for (Line l : t.notDurable()) {
                if (everywhereNotApplicable(l)) continue;
                boolean baseline = l.rows().values().stream().anyMatch(ReportRow::baseline);
                table.add(cells(l.method() + (baseline ? " (baseline)" : ""), l, t));
            }
        }
        return table;
    }

    /** A method n/a on every target (virtual threads on JDK 17) is a legend line, not a row of n/a cells. */
    private static boolean everywhereNotApplicable(Line l) {
        return !l.rows().isEmpty() && l.rows().values().stream().allMatch(r -> r.na() != null && r.failed() == null);
    }

    private static List<String> cells(String label, Line l, DecisionTable t) {
        List<String> row = new ArrayList<>(List.of(label));
        for (Context c : t.targets()) {
            boolean lockStep = t.decidedInLockStep(c);
            row.add(cell(l.on(c), l.fastestIn().contains(c), lockStep));
            if (lockStep) row.add(versusReference(l, t.lockStep().get(c)));
        }
        return row;
    }

    /** The method's lock-step difference to the reference: "-24.1% [-29, -19]", "(reference)", or why there is none. */
    static String versusReference(Line l, LockStepColumn col) {
        if (l.method().equals(col.reference())) return "(reference)";
        ReferenceComparison.Entry e = col.byMethod().get(l.method());
        if (e == null) return "—";
        if (e.failed() != null) return "FAILED";
        if (!e.measured()) return "—";
        var est = e.estimate();
        if (!est.ratioCi().isAvailable()) return Fmt.signedPercent(est.changePercent());
        return Fmt.signedPercent(est.changePercent()) + " [" + Fmt.percentBound((est.ratioCi().low() - 1) * 100) + ", "
                + Fmt.percentBound((est.ratioCi().high() - 1) * 100) + "]";
    }

    private static String cell(ReportRow r, boolean fastest, boolean lockStep) {
        if (r == null) return "—";
        if (r.failed() != null) return "FAILED";
        if (r.na() != null) return "n/a";
        if (!r.measured()) return "—";
        String interval = Fmt.usRoundedInterval(r.figure());
        String s = Fmt.usRounded(r.meanUs()) + (interval.isEmpty() ? "" : " " + interval);
        if (fastest && (lockStep || r.time().betweenForks())) s += " " + FASTEST;
        boolean durableMethod = r.cell().family().notDurableBecause(r.cell().methodValue()).isEmpty();
        if (!r.durable() && durableMethod) s += " " + NOT_DURABLE_HERE;
        if (r.stalledIterations() > 0) s += " " + r.stalledIterations() + (r.stalledIterations() == 1 ? " stall" : " stalls");
        return s;
    }

    /**
     * The table's stalls, how many and the worst per cell: "Stalls, left out of these means (...): FDATASYNC on ext4: 2, the
     * worst 1,692 µs (4.1x the row's median)". A cost paid as a stall is still a cost; the figure alone would hide it.
     */
    private static java.util.Optional<String> stalls(List<Line> lines, ContextNames names) {
        List<String> each = new ArrayList<>();
        for (Line l : lines) {
            for (ReportRow r : l.rows().values()) {
                if (!r.measured() || r.stalledIterations() == 0) continue;
                each.add(r.methodLabel() + " on " + names.of(r.context()) + ": " + r.stalledIterations() + ", the worst "
                        + Fmt.usRounded(r.worstStallUs()) + " µs (" + String.format(java.util.Locale.ROOT, "%.1f", r.worstStallFactor())
                        + "x the row's median)");
            }
        }
        if (each.isEmpty()) return java.util.Optional.empty();
        return java.util.Optional.of("Stalls, iterations more than 3x off their row's median, left out of these means (a cost paid as a"
                + " stall is still a cost; the outlier-iteration warning names each): " + String.join("; ", each) + ".");
    }

    /**
     * What each figure's interval holds, the disk's level each target's run saw, and per target whose figures are wider
     * than {@link #QUOTABLE} (median over its durable methods) why, and how many forks would narrow them.
     */
    private static List<String> precision(DecisionTable t, ContextNames names) {
        List<String> levels = new ArrayList<>(), wide = new ArrayList<>();
        if (!t.betweenForks()) return levels; // within one fork: the line above says what those intervals are
        for (Context c : t.targets()) {
            List<AbsoluteFigure> figures = t.durableOn(c).stream().map(l -> l.on(c).absolute()).filter(java.util.Objects::nonNull).toList();
            if (figures.isEmpty()) continue;
            AbsoluteFigure.Spread s = AbsoluteFigure.Spread.of(figures, QUOTABLE);
            boolean seen = !Double.isNaN(s.levelMoved());
            levels.add(seen ? "±" + percent(s.levelMoved()) + " on " + names.of(c)
                    : "not seen on " + names.of(c) + ", a run of fewer than 3 cells or one round");
            if (s.medianHalfWidth() <= QUOTABLE) continue;
            wide.add("On " + names.of(c) + " the figures are ±" + percent(s.medianHalfWidth()) + " (median): its forks spread ±"
                    + percent(s.medianForkSpread()) + (seen ? " and the disk's level moved ±" + percent(s.levelMoved()) + " between rounds" : "")
                    + (s.forksFor() > 0 ? "; about " + s.forksFor() + " forks per cell would bring them to ±" + percent(QUOTABLE) + "."
                    : "; no number of forks brings them to ±" + percent(QUOTABLE) + ": the disk's level alone moves more between minutes."));
        }
        if (levels.isEmpty()) return List.of();
        List<String> out = new ArrayList<>(List.of("Each figure alone: a " + AbsoluteFigure.CONFIDENCE_PERCENT + "% interval over its forks "
                + "that counts how far the disk's level moved between this run's rounds (" + String.join(", ", levels) + "); the "
                + FASTEST + " and the differences are decided at 99.9% between forks or in lock-step, where the level cancels."));
        out.addAll(wide);
        return out;
    }

    private static String percent(double share) {
        return Fmt.percentBound(share * 100) + "%";
    }

    /** The lines under the table, unwrapped: the renderers wrap them to their width. */
    static List<String> legend(DecisionTable t, ContextNames names) {
        List<String> out = new ArrayList<>();
        List<Context> inLockStep = t.targets().stream().filter(t::decidedInLockStep).toList();
        if (!inLockStep.isEmpty()) {
            LockStepColumn any = t.lockStep().get(inLockStep.get(0));
            out.add(FASTEST + " fastest " + (inLockStep.size() == t.targets().size() ? "on each target" : "on " + names.list(inLockStep))
                    + ", decided in lock-step against " + any.reference() + ": every durable method not resolved slower than another "
                    + "(X against Y is the ratio of their ratios to " + any.reference() + ", both variances added; each method against those of "
                    + "lower ratio, one-sided at 0.05/(k - 1): Hsu's comparisons with the best, so the set holds the fastest with 95%)." + (any.undecided().isEmpty() ? ""
                    : " Not paired, so not decided: " + String.join(", ", any.undecided()) + "."));
        }
        if (inLockStep.size() < t.targets().size()) {
            out.add(t.betweenForks() ? FASTEST + " fastest" + (inLockStep.isEmpty() ? " on that target" : " elsewhere")
                    + ": the lowest mean and every durable method not resolved slower than it (Holm over the target's methods at 0.001, "
                    + "intervals between forks)."
                    : "No fastest set marked" + (inLockStep.isEmpty() ? "" : " elsewhere") + ": these intervals are within one fork, and "
                    + "nothing is resolved on those.");
        }
        List<ReportRow> all = new ArrayList<>();
        t.durable().forEach(l -> all.addAll(l.rows().values()));
        if (all.stream().anyMatch(r -> !r.durable())) out.add(NOT_DURABLE_HERE + " not durable on that target.");
        List<ReportRow> below = new ArrayList<>();
        t.notDurable().forEach(l -> below.addAll(l.rows().values()));
        List<String> reasons = TextRenderer.notDurableLegend(below);
        if (!reasons.isEmpty()) out.add("Not durable: " + String.join("; ", reasons) + ".");
        // n/a and FAILED said once per reason, the methods and targets it holds for listed: never a number, never silent.
        java.util.Map<String, List<String>> byReason = new java.util.LinkedHashMap<>();
        List<Line> lines = new ArrayList<>(t.durable());
        lines.addAll(t.notDurable());
        for (Line l : lines) {
            boolean everywhere = everywhereNotApplicable(l);
            for (ReportRow r : l.rows().values()) {
                String key = r.failed() != null ? "FAILED: " + r.failed() : r.na() != null ? "n/a: " + r.na() : null;
                if (key == null) continue;
                List<String> where = byReason.computeIfAbsent(key, k -> new ArrayList<>());
                String what = everywhere ? r.methodLabel() + " (every target)" : r.methodLabel() + " on " + names.of(r.context());
                if (!where.contains(what)) where.add(what);
            }
        }
        byReason.forEach((why, where) -> out.add(why.substring(0, why.indexOf(':')) + ": " + String.join(", ", where) + ":"
                + why.substring(why.indexOf(':') + 1) + "."));
        stalls(lines, names).ifPresent(out::add);
        out.addAll(precision(t, names));
        for (Context c : t.leftOut()) {
            out.add("Not a column: " + names.of(c) + " (" + c.directory() + ") has no stable storage, so nothing is durable there; "
                    + "its rows are in its own section.");
        }
        return out;
    }
}
