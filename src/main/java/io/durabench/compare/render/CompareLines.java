package io.durabench.compare.render;

import io.durabench.compare.CompareSettings;
import io.durabench.compare.ComparedRow;
import io.durabench.compare.Comparison;
import io.durabench.compare.CostChangeRow;
import io.durabench.compare.FingerprintCheck;
import io.durabench.compare.FingerprintKey;
import io.durabench.compare.Verdict;
import io.durabench.stats.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The sentences around a comparison's table, shared by the text and Markdown renderers so both say
 * the same: what was compared and how the two sides were measured (above the table), which rows
 * moved and why, which rows are on one side only, and how to read the verdicts (below).
 */
final class CompareLines {

    /** One labelled fact of the header ("compared", "differs", "same", "note"). */
    record Fact(String label, String text) {
    }

    private CompareLines() {
    }

    static List<Fact> header(Comparison c) {
        List<Fact> facts = new ArrayList<>();
        facts.add(new Fact("base", c.base()));
        facts.add(new Fact("candidate", c.candidate()));
        boolean several = c.checks().size() > 1;
        for (Map.Entry<String, FingerprintCheck> e : c.checks().entrySet()) {
            String on = several ? "on " + e.getKey() + ": " : "";
            FingerprintCheck check = e.getValue();
            List<FingerprintCheck.FingerprintDifference> compared = check.compared();
            if (!compared.isEmpty()) facts.add(new Fact("compared", on + comparedWords(compared)));
            for (FingerprintCheck.FingerprintDifference d : check.differences()) {
                if (d.status() != FingerprintCheck.Status.COMPARED) {
                    facts.add(new Fact("differs", on + d.describe() + " [" + d.status().label() + "]"));
                }
            }
            if (!check.same().isEmpty()) {
                facts.add(new Fact("same", on + check.same().stream().map(k -> k.key() + " " + check.base().text(k))
                        .collect(Collectors.joining(", "))));
            }
        }
        c.notes().forEach(n -> facts.add(new Fact("note", n)));
        facts.add(new Fact("replicates", c.replication() + replicationWhy(c)));
        if (!c.aaPairs().isEmpty()) {
            facts.add(new Fact("A/A noise", String.join("; ", c.aaPairs())
                    + ": each row's |change| between the two is its noise floor, and a change inside it is never a regression"));
        }
        CompareSettings s = c.settings();
        int rows = c.compared().size();
        facts.add(new Fact("design", c.sweep().pairing().reason()));
        String test = c.sweep().pairing().lockStep() ? "one-sample t on each fork pair's ln(B/A)"
                : "exact " + (c.sweep().pairing().paired() ? "Wilcoxon signed-rank" : "Mann-Whitney U");
        facts.add(new Fact("test", test + " per row, Holm over "
                + rows + (rows == 1 ? " row" : " rows") + " at alpha " + Numbers.sig(s.alpha(), 3) + "; a significant estimate under "
                + Numbers.sig(s.thresholdPercent(), 3) + "% is 'small', inside the row's A/A noise 'A/A noise'; "
                + Math.round(s.confidence() * 100) + "% intervals"));
        return facts;
    }

    /**
     * "JDK 17.0.15 (base) -> 25.0.3 (candidate), the thing compared"; when the native layer changed with it, both,
     * said to be measured together: the figures cannot tell the JDK's share from the layer's.
     */
    static String comparedWords(List<FingerprintCheck.FingerprintDifference> compared) {
        List<String> what = compared.stream().map(d -> (d.key() == FingerprintKey.JDK ? "JDK " : "native layer ") + d.base() + " (base) -> "
                + d.candidate() + " (candidate)").toList();
        if (what.size() == 1) return what.get(0) + ", the thing compared";
        return String.join(" and ", what) + ", together: this comparison measures the JDK and the native layer at once, not the JDK alone"
                + " (compare one JDK on both layers, -Ddurabench.native=jnr,ffm, to tell them apart)";
    }

    private static String replicationWhy(Comparison c) {
        if (c.sweep().pairing().lockStep()) {
            return " (one replicate = one fork pair: two JVMs that alternated one durable unit at a time, their ratio B/A over its blocks;"
                    + " blocks inside a pair are not replicates)";
        }
        boolean iterations = c.compared().stream().anyMatch(r -> !r.base().forksAreReplicates() || !r.candidate().forksAreReplicates());
        return iterations ? "; the p-values of such rows are too small: run with more forks (durabench run --profile compare)"
                : " (one replicate = one fork's mean score; forks are separate JVMs)";
    }

    /** "FDATASYNC (SyncWriteCost.writeBlock, 8192 B …): +20.3% slower (p …)" for every significant row (counted or not, with why). */
    static List<String> flagged(Comparison c) {
        return c.compared().stream().filter(r -> r.verdict() != Verdict.UNCHANGED)
                .map(r -> r.verdictLabel() + ": " + r.name() + ": " + r.comparison().reason()).toList();
    }

    /** Rows on one side only or not comparable, each with why. */
    static List<String> notCompared(Comparison c) {
        return c.rows().stream().filter(r -> r.status() != ComparedRow.Status.COMPARED)
                .map(r -> r.status().label() + ": " + r.name() + (r.note() == null ? "" : " (" + r.note() + ")")).toList();
    }

    /** The summary under the table: the plain-words sentence and the geometric mean. */
    static List<String> summary(Comparison c) {
        return List.of(c.sweep().summary().sentence(), c.sweep().summary().geometricMeanLine());
    }

    static String costsIntro(Comparison c) {
        long groups = c.costChanges().stream().map(r -> r.target() + "|" + r.groupLabel()).distinct().count();
        String baselines = c.costChanges().stream().map(CostChangeRow::baseline).distinct().collect(Collectors.joining(", "));
        return "The baseline (" + baselines + ") itself changed in " + groups + (groups == 1 ? " group" : " groups")
                + ", so ratios to it are unreliable across these two sets (the ratios lie): what each durable method costs over it, "
                + "time per op, and how that cost changed:";
    }

    /** The legend under the table: how to read the verdicts, and what the change column is in this comparison's design. */
    static String legend(Comparison c) {
        return c.sweep().pairing().lockStep() ? LOCK_STEP_LEGEND : LEGEND;
    }

    /**
     * For a lock-step comparison, each compared row's verdict in words, ending with its µs
     * difference B − A per operation and that difference's interval between fork pairs.
     */
    static List<String> lockStepRows(Comparison c) {
        if (!c.sweep().pairing().lockStep()) return List.of();
        return c.compared().stream().map(r -> r.name() + ": " + r.comparison().reason()).toList();
    }

    static final String LOCK_STEP_LEGEND = "Verdict: regression / improvement: significant after Holm's correction over all rows, the estimate "
            + "at least the threshold and outside the row's A/A noise; ~: not significant; small: significant but under the threshold. Change: "
            + "B/A as exp of the mean of the fork pairs' ln(B/A), with its Student-t interval between fork pairs; B - A: the mean difference "
            + "per operation, with its t interval. Both sides of a pair alternated one durable unit at a time, so what the disk did hit both. "
            + "Medians: of each side's fork-pair figures (absolute costs keep the wide interval of a run in rounds: docs/lockstep.md).";

    static final String LEGEND = "Verdict: regression / improvement: significant after Holm's correction over all rows, the estimate at least "
            + "the threshold and outside the row's A/A noise; ~: not significant; small: significant but under the threshold; A/A noise: "
            + "significant but inside the row's A/A noise (two runs of the same setup differed as much). Change: the Hodges-Lehmann estimate "
            + "of candidate/base (the median of all pairwise ratios of forks, or of the per-round ratios' Walsh averages when paired) with its "
            + "distribution-free interval: it is not the ratio of the two medians beside it, and with a few slow forks the two can differ by "
            + "several %. Medians: of the fork scores, with order-statistic intervals.";

    /** Rows grouped under their headings, in first-seen order. */
    static Map<String, List<ComparedRow>> groups(Comparison c) {
        Map<String, List<ComparedRow>> groups = new LinkedHashMap<>();
        for (ComparedRow r : c.rows()) groups.computeIfAbsent(heading(r), k -> new ArrayList<>()).add(r);
        return groups;
    }

    static String heading(ComparedRow r) {
        return (r.target() == null ? "" : r.target() + ": ") + r.key().groupLabel() + ", " + r.unit();
    }
}
