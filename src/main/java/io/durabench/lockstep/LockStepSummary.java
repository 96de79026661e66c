package io.durabench.lockstep;

import io.durabench.results.LockStepFile;
import io.durabench.results.LockStepFile.PairRecord;
import io.durabench.results.PairsRule;
import io.durabench.stats.LockStepEstimate;
import io.durabench.stats.Stats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A lock-step run's figures as one Markdown table (lockstep.md beside lockstep.json, and the end of
 * the run's console): per cell pair, what each side ran, the fork pairs that measured both, B/A − 1
 * and B − A per operation with their 95% Student-t intervals between fork pairs, and the stalled
 * units left out of each side; or why the pair FAILED. With the C twin as side A, B/A − 1 is what
 * Java costs over C.
 */
public final class LockStepSummary {
    private LockStepSummary() {
    }

    public static String markdown(LockStepFile f) {
        StringBuilder sb = new StringBuilder();
        boolean twin = f.sides().a().twin();
        sb.append("# Lock-step: ").append(twin ? "Java over C" : "B against A").append("\n\n");
        sb.append("* side A: ").append(f.sides().a().version()).append(" (").append(f.sides().a().java()).append(") on ").append(f.sides().a().dir())
                .append('\n');
        sb.append("* side B: ").append(f.sides().b().version()).append(" (").append(f.sides().b().java()).append(") on ").append(f.sides().b().dir())
                .append('\n');
        sb.append("* pairing: ").append(f.pairing()).append("; ").append(f.placement()).append('\n');
        sb.append("* figures: each side's µs per operation over its blocks, its stalled units left out (counted); intervals 95%, Student t ")
                .append("between fork pairs (the unit of replication); ").append(f.settings().blocks()).append(" blocks per cell")
                .append(f.settings().bothWays() ? " (two halves, the files made anew with the other side first)" : "").append(", grain ")
                .append(f.settings().grain()).append(", order ").append(f.settings().order()).append('\n');
        PairsRule rule = f.settings().pairs();
        if (rule != null) {
            sb.append("* fork pairs: ").append(rule.words()).append("; stopped: ").append(rule.stopped() == null ? "the run was interrupted"
                    : rule.stopped()).append("; a cell's pairs marked cap, budget or interrupted are still wider\n");
        }
        sb.append('\n');
        String what = twin ? "Java over C" : "B/A - 1";
        sb.append("| A | B | pairs | A µs/op | B µs/op | ").append(what).append(" [95%] | B - A µs/op [95%] | stalls A/B |\n");
        sb.append("|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (LockStepFile.CellRecord c : f.cells()) sb.append(row(c, rule)).append('\n');
        return sb.toString();
    }

    private static String row(LockStepFile.CellRecord c, PairsRule rule) {
        String a = shortSpec(c.specA()), b = c.specA().equals(c.specB()) ? "same" : shortSpec(c.specB());
        List<PairRecord> m = c.measured();
        String failed = c.failed().map(p -> "FAILED: " + (p.a().failedItself() ? "A: " + p.a().error() : "B: " + p.b().error())).orElse(null);
        if (failed != null || m.isEmpty()) return "| " + a + " | " + b + " | " + m.size() + " | | | " + (failed == null ? "not measured" : failed) + " | | |";
        LockStepEstimate e = c.estimate(LockStepEstimate.CONFIDENCE);
        String ratio = String.format(Locale.ROOT, "%+.2f%%", e.changePercent())
                + (e.ratioCi().isAvailable() ? String.format(Locale.ROOT, " [%+.2f, %+.2f]", (e.ratioCi().low() - 1) * 100, (e.ratioCi().high() - 1) * 100) : "");
        String diff = String.format(Locale.ROOT, "%+.2f", e.diffMicros())
                + (e.diffCi().isAvailable() ? String.format(Locale.ROOT, " [%+.2f, %+.2f]", e.diffCi().low(), e.diffCi().high()) : "");
        String pairs = e.n() + (rule != null && rule.reached(c).wider() ? " (" + rule.reached(c).word + ")" : "");
        return String.format(Locale.ROOT, "| %s | %s | %s | %.2f | %.2f | %s | %s | %d/%d |", a, b, pairs, Stats.mean(c.stallFree(PairRecord::a)),
                Stats.mean(c.stallFree(PairRecord::b)), ratio, diff, c.stalls(PairRecord::a), c.stalls(PairRecord::b));
    }

    /** "FDATASYNC, 8192 B, 1 write per sync, NONE" style: the spec without the benchmark's class and parameter names. */
    static String shortSpec(String spec) {
        String s = spec.substring(spec.indexOf('.') + 1);
        List<String> parts = new ArrayList<>();
        String bench = s.substring(0, s.indexOf(':') < 0 ? s.length() : s.indexOf(':'));
        parts.add(bench);
        if (s.indexOf(':') >= 0) for (String kv : s.substring(s.indexOf(':') + 1).split(",")) parts.add(kv.substring(kv.indexOf('=') + 1));
        return String.join(" ", parts);
    }
}
