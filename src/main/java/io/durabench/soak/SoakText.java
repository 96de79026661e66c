package io.durabench.soak;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/** A soak in words: the progress line, the summary printed on stdout and kept as soak-summary.txt, and where its files went. */
public final class SoakText {
    private SoakText() {
    }

    /** "[soak 0:40/2:00, closed-loop] last 10 s: 2,431 ops/s, p50 352 µs, p99 1.10 ms, max 4.30 ms; stalls so far: 0". */
    static String progressLine(SoakSettings s, int second, long total, Histogram recent, int stalls) {
        long n = recent.getTotalCount();
        String figures = n == 0 ? "no operation completed"
                : String.format(Locale.ROOT, "%s ops/s, p50 %s, p99 %s, max %s", Rates.format(Math.round(n / (double) recentSeconds(second))),
                        time(recent.getValueAtPercentile(50) / 1e3), time(recent.getValueAtPercentile(99) / 1e3), time(recent.getMaxValue() / 1e3));
        return "[soak " + clock(second) + "/" + clock(total) + ", " + s.mode() + "] last " + recentSeconds(second) + " s: " + figures
                + "; stalls so far: " + stalls;
    }

    private static int recentSeconds(int second) {
        int r = second % SoakRun.PROGRESS_SECONDS;
        return r == 0 ? Math.min(second, SoakRun.PROGRESS_SECONDS) : r;
    }

    public static List<String> summary(SoakResult r) {
        SoakSettings s = r.settings();
        List<String> out = new ArrayList<>();
        out.add("durabench soak: " + r.ending().word() + ", " + s.modeDescription());
        out.add("cell: " + s.cellDescription());
        String fs = r.environment() == null ? "unknown" : r.environment().filesystemAndBacking();
        out.add("target: " + fs + ", started " + r.startedAt() + ", " + r.secondsDone() + " s measured of " + s.duration().toSeconds() + " s asked");
        if (r.ending() == SoakResult.Ending.FAILED) {
            out.add("FAILED after " + r.secondsDone() + " s: " + r.failure());
            out.add("no figures: a failed write or sync yields none (the seconds before it are in " + SoakIntervalLog.FILE + ")");
            return out;
        }
        if (r.ending() == SoakResult.Ending.INTERRUPTED) {
            out.add("interrupted (Ctrl-C or SIGTERM) after " + r.secondsDone() + " whole seconds: every figure below is over those");
        }
        if (r.totalOps() == 0) {
            out.add("no operation completed: nothing to report");
            return out;
        }
        out.add(String.format(Locale.ROOT, "operations: %,d in %d s = %s ops/s", r.totalOps(), r.secondsDone(), Rates.format(round1(r.achievedRate()))));
        if (s.fixedRate()) {
            out.add(r.keptUp()
                    ? "rate: asked " + Rates.format(s.ratePerSecond()) + "/s, achieved " + Rates.format(round1(r.achievedRate())) + "/s: kept up"
                    : "rate: the storage could NOT keep up: achieved " + Rates.format(round1(r.achievedRate())) + "/s of " + Rates.format(s.ratePerSecond())
                    + "/s asked; latency from the intended start includes the time each write waited behind the others");
        }
        out.add("latency per operation (write + sync" + (s.fixedRate() ? ", from the intended start" : "") + "): " + percentiles(r.ops()));
        if (s.fixedRate() && r.service().getTotalCount() > 0) out.add("service time (from the actual start): " + percentiles(r.service()));
        if (r.syncs().getTotalCount() > 0) out.add("sync call alone: " + percentiles(r.syncs()));
        Stalls.Result st = r.stalls();
        out.add(String.format(Locale.ROOT, "stalls: %d (%d s) — a second stalls when its p99 exceeds %s x the run's median per-second p99 (%s) and %s: threshold %s",
                st.stalls().size(), st.stalledSeconds(), Rates.format(Stalls.FACTOR), time(st.medianP99Us()), time(Stalls.FLOOR_US), time(st.thresholdUs())));
        for (Stalls.Stall stall : st.stalls()) {
            out.add("  at " + clock(stall.fromSecond()) + " (" + r.startedAt().plusSeconds(stall.fromSecond()) + "), " + stall.seconds()
                    + " s, worst p99 " + time(stall.worstP99Us()) + ", worst " + time(stall.worstUs()));
        }
        out.add("period in per-second p99: " + r.periodP99().describe());
        out.add("period in per-second max: " + r.periodMax().describe());
        restartNote(r).ifPresent(out::add);
        out.add("steady state: " + r.steadyState().describe());
        double share = 100 * r.timingCostNanos() / (r.ops().getValueAtPercentile(50));
        out.add(String.format(Locale.ROOT, "timing cost: %.0f ns per operation (%s of the p50), measured at start; kept, not subtracted (docs/soak.md)",
                r.timingCostNanos(), share < 0.01 ? "under 0.01%" : String.format(Locale.ROOT, "%.2f%%", share)));
        return out;
    }

    /**
     * The line after the summary, on the console only: where every file went ("written to DIR (soak-summary.txt, ...)").
     * The summary itself names no file: it ended with the same list ("files: ..."), so the console said it twice.
     */
    static String writtenTo(java.nio.file.Path out) {
        return "written to " + out + " (" + SoakOutputs.SUMMARY + ", " + SoakOutputs.JSON + ", " + SoakOutputs.CSV + ", "
                + SoakIntervalLog.FILE + ", " + SoakOutputs.CHART + ".png/.svg)";
    }

    /** How often the log restarted, and whether a period found is that. */
    private static java.util.Optional<String> restartNote(SoakResult r) {
        if (r.restarts() == 0) return java.util.Optional.empty();
        double every = r.secondsPerRestart();
        String line = String.format(Locale.ROOT, "log restarts: %d, one every %.1f s (a truncate of the %d MiB region and appends from 0)",
                r.restarts(), every, SoakSettings.REGION_BYTES >> 20);
        for (Periodicity.Result p : List.of(r.periodP99(), r.periodMax())) {
            if (p.found() && Math.abs(p.periodSeconds() - every) <= 1) {
                return java.util.Optional.of(line + "; the period of " + p.periodSeconds() + " s is that restart, the workload's own, not the storage's");
            }
        }
        return java.util.Optional.of(line);
    }

    static String percentiles(Histogram h) {
        return "p50 " + time(h.getValueAtPercentile(50) / 1e3) + ", p99 " + time(h.getValueAtPercentile(99) / 1e3) + ", p99.9 "
                + time(h.getValueAtPercentile(99.9) / 1e3) + ", max " + time(h.getMaxValue() / 1e3);
    }

    /** µs to "352 µs", "1.10 ms", "2.31 s". */
    public static String time(double us) {
        if (Double.isNaN(us)) return "n/a";
        if (us < 10) return String.format(Locale.ROOT, "%.2f µs", us);
        if (us < 1000) return String.format(Locale.ROOT, "%.0f µs", us);
        if (us < 1e6) return String.format(Locale.ROOT, "%.2f ms", us / 1e3);
        return String.format(Locale.ROOT, "%.2f s", us / 1e6);
    }

    /** Seconds as m:ss (h:mm:ss from an hour). */
    static String clock(long seconds) {
        if (seconds >= 3600) return String.format(Locale.ROOT, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60);
        return String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
    }

    private static double round1(double x) {
        return Math.round(x * 10) / 10.0;
    }
}
