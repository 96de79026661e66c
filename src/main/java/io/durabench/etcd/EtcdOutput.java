package io.durabench.etcd;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.durabench.env.Environment;
import io.durabench.env.EnvironmentFacts;
import io.durabench.format.Fmt;
import io.durabench.slo.SloVerdict;
import io.durabench.stats.Estimate;
import io.durabench.stats.GeometricMean;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A side-by-side check as people read it: CHECK.md (etcd-check.md, uring-check.md; printed on stdout too) with
 * etcd's verdict first (for the job with a rule), the side-by-side table of durabench and fio, the rounds one by
 * one, and the files; and CHECK.json with the same figures at full precision, every round, and the environment record.
 */
public final class EtcdOutput {
    /** What the check ran: its job, the target, the forks asked for, fio's version (null: not run) or why fio was not run. */
    public record Run(ForkJob job, Path dir, int forks, String fioVersion, String noFioWhy, Environment env) {
    }

    private EtcdOutput() {
    }

    public static List<String> markdown(Run run, EtcdRounds.Results results, EtcdAnalysis a) {
        List<String> out = new ArrayList<>();
        ForkJob job = run.job();
        if (job.rule() != null) {
            out.add("# etcd-check: is this disk good enough for etcd?");
            out.add("");
            out.add(verdictLine(a));
            out.add("");
            out.add(String.format(Locale.ROOT, "etcd's rule: the 99th percentile of fdatasync below 10 ms, as fio measures it with "
                            + "`fio --rw=write --ioengine=sync --fdatasync=1 --directory=DIR --size=22m --bs=2300`. durabench did the same "
                            + "work in %d forks (a fresh JVM each): %,d appends of %,d B, each followed by fdatasync, into a file fallocated "
                            + "to 22 MiB first as fio lays it out (the last %,d B of the 22 MiB stay unwritten, as with fio). %s",
                    results.rounds().size(), job.writes(), job.blockBytes(), job.fileBytes() - job.bytesWritten(), fioSentence(run, results)));
        } else {
            out.add("# uring-check: io_uring's linked write + fdatasync at queue depth 1, durabench beside fio");
            out.add("");
            if (a.failed() != null) out.add("**FAILED** (exit 1): " + a.failed() + ": no number.");
            else out.add("Both tools did the same durable appends; the figures below are side by side, with no verdict.");
            out.add("");
            out.add(String.format(Locale.ROOT, "`fio %s --directory=DIR`: fio's io_uring engine submits each write, waits for it, then "
                            + "submits its fsync (IORING_FSYNC_DATASYNC) and waits again. durabench did the same work in %d forks (a fresh "
                            + "JVM each): %,d appends of %,d B to a new file (no preallocation), each as one io_uring_enter that submits the "
                            + "write linked (IOSQE_IO_LINK) to an fdatasync entry and waits for both (%s). durabench's write is queueing "
                            + "the write entry (no system call) and its sync the io_uring_enter: its sync compares with fio's write + "
                            + "sync, and ops/s with ops/s. %s",
                    String.join(" ", job.fioArgs()), results.rounds().size(), job.writes(), job.blockBytes(), job.method(),
                    fioSentence(run, results)));
        }
        out.add("");
        EnvironmentFacts.lines(run.env()).stream().filter(l -> !l.startsWith("JMH:")).forEach(l -> out.add("* " + l));
        out.add("");
        out.add("## durabench beside fio");
        out.add("");
        out.addAll(sideBySide(run, results, a));
        out.add("");
        out.add(String.format(Locale.ROOT, "Pooled sync p99 (durabench's %,d fdatasyncs of all forks in one histogram, as fio reports "
                + "one run): %s µs.", a.pooledSyncs(), Fmt.usRounded(a.pooledSyncP99Us())));
        out.add("Intervals are 99.9%, over forks (durabench) or runs (fio): the mean of the per-run figures with a t interval on "
                + "their logs. durabench ÷ fio pairs the two tools by round: the geometric mean of the rounds' ratios. Max rows: the "
                + "worst run. Percentiles: HdrHistogram's (0.1% resolution) for durabench, fio's own buckets (about 1.5%) for fio.");
        out.add("");
        out.add("## Round by round");
        out.add("");
        out.addAll(rounds(results));
        out.add("");
        out.add("## Files");
        out.add("");
        out.add("* `" + job.hlogFile() + "`: every fork's write and sync latency (ns), HdrHistogram's interval log (tags `write|"
                + job.mode() + "|…|rN`, `sync|" + job.mode() + "|…|rN`; HistogramLogAnalyzer opens it)");
        out.add("* `" + job.jsonFile() + "`: these figures at full precision, every round, and the environment");
        if (results.rounds().stream().anyMatch(r -> r.fio() != null)) out.add("* `fio-N.json`: fio's own output of round N");
        if (!results.leftovers().isEmpty()) {
            out.add("");
            out.add("**Left behind** (could not be deleted): " + String.join(", ", results.leftovers().stream().map(Path::toString).toList()));
        }
        return out;
    }

    /** "**met** (exit 0): FDATASYNC sync p99 < 10 ms on ext4 at /data: met — 812 µs over 5 forks, at most 1,030 µs (one-sided 99% bound)". */
    static String verdictLine(EtcdAnalysis a) {
        SloVerdict v = a.verdict();
        if (a.failed() != null) return "**FAILED** (exit 1): " + a.failed() + ". A disk whose fdatasync fails cannot hold etcd's log.";
        String word = switch (v.outcome()) {
            case MET -> "**met** (exit 0)";
            case MISSED -> "**missed** (exit 1)";
            case UNDECIDED -> "**undecided** (exit 0: neither met nor missed; more forks, `--forks N`, may decide it)";
            case NOT_DURABLE -> "**not durable here** (exit 1: nothing without stable storage meets etcd's rule)";
            case NOT_MEASURED -> "**not measured** (exit 1)";
        };
        return word + ": " + v.line();
    }

    private static String fioSentence(Run run, EtcdRounds.Results results) {
        if (run.fioVersion() == null) return run.noFioWhy() + ": durabench's figures only.";
        long ran = results.rounds().stream().filter(r -> r.fio() != null).count();
        return String.format(Locale.ROOT, "%s ran the same job %d times, interleaved with the forks (round by round, the order "
                + "alternating: durabench first in odd rounds, fio first in even ones).", run.fioVersion(), ran);
    }

    private static List<String> sideBySide(Run run, EtcdRounds.Results results, EtcdAnalysis a) {
        List<String> out = new ArrayList<>();
        long ours = results.rounds().stream().filter(r -> r.ours().ok()).count();
        long fio = results.rounds().stream().filter(r -> r.fio() != null && r.fio().ok()).count();
        boolean withFio = run.fioVersion() != null;
        out.add("| figure | durabench, " + ours + (ours == 1 ? " fork" : " forks") + (withFio ? " | fio, " + fio + (fio == 1 ? " run" : " runs")
                + " | durabench ÷ fio |" : " |"));
        out.add(withFio ? "|---|---|---|---|" : "|---|---|");
        for (JobFigures.JobFigure f : JobFigures.JobFigure.values()) {
            String unit = f.isTime() ? " (µs)" : "";
            StringBuilder row = new StringBuilder("| ").append(f.word()).append(unit).append(" | ").append(figure(f, a.ours().get(f)));
            if (withFio) row.append(" | ").append(figure(f, a.fio().get(f))).append(" | ").append(ratio(a.ratios().get(f)));
            out.add(row.append(" |").toString());
        }
        return out;
    }

    private static List<String> rounds(EtcdRounds.Results results) {
        List<String> out = new ArrayList<>();
        StringBuilder head = new StringBuilder("| round | tool |");
        for (JobFigures.JobFigure f : JobFigures.JobFigure.values()) head.append(' ').append(f.word()).append(f.isTime() ? " µs" : "").append(" |");
        out.add(head.toString());
        out.add("|---|---|" + "---|".repeat(JobFigures.JobFigure.values().length));
        for (EtcdRounds.Round r : results.rounds()) {
            List<String> order = r.fioFirst() ? List.of("fio", "durabench") : List.of("durabench", "fio");
            for (String tool : order) {
                if (tool.equals("fio") && r.fio() == null) continue;
                JobFigures figures = tool.equals("fio") ? r.fio().figures() : r.ours().figures();
                String failed = tool.equals("fio") ? r.fio().failed() : r.ours().failed();
                StringBuilder row = new StringBuilder("| ").append(r.number()).append(" | ").append(tool).append(" |");
                if (figures == null) {
                    row.append(" FAILED: ").append(failed.replace("|", "/")).append(" |").append(" |".repeat(JobFigures.JobFigure.values().length - 1));
                } else {
                    for (JobFigures.JobFigure f : JobFigures.JobFigure.values()) row.append(' ').append(number(f, figures.get(f))).append(" |");
                }
                out.add(row.toString());
            }
        }
        return out;
    }

    private static String figure(JobFigures.JobFigure f, Estimate e) {
        if (e == null) return "-";
        String mean = number(f, e.mean());
        if (!e.hasInterval()) return mean;
        return mean + " [" + number(f, e.low()) + ", " + number(f, e.high()) + "]";
    }

    /** A figure; an interval end past 10^7 (two forks at 99.9%: t = 637) in powers of ten rather than a row of digits. */
    static String number(JobFigures.JobFigure f, double x) {
        if (Math.abs(x) >= HUGE) return huge(x);
        return f.isTime() ? Fmt.usCompact(x) : Fmt.ops(x);
    }

    private static final double HUGE = 1e7;

    private static String huge(double x) {
        return Double.isInfinite(x) ? "inf" : String.format(Locale.ROOT, "%.1e", x);
    }

    static String ratioNumber(double x) {
        return Math.abs(x) >= HUGE ? huge(x) : String.format(Locale.ROOT, "%.2f", x);
    }

    private static String ratio(GeometricMean g) {
        if (g == null) return "-";
        String v = ratioNumber(g.value());
        return g.interval().isAvailable() ? v + " [" + ratioNumber(g.interval().low()) + ", " + ratioNumber(g.interval().high()) + "]" : v;
    }

    /** CHECK.json (etcd-check.json): the verdict (where the job has a rule), the summary figures, every round, the environment. */
    public static String json(Run run, EtcdRounds.Results results, EtcdAnalysis a) {
        JsonObject o = new JsonObject();
        ForkJob j = run.job();
        o.addProperty("schema", "durabench-" + j.check() + "/1");
        o.addProperty("directory", run.dir().toString());
        JsonObject job = new JsonObject();
        job.addProperty("blockBytes", j.blockBytes());
        job.addProperty("fileBytes", j.fileBytes());
        job.addProperty("writesPerFork", j.writes());
        job.addProperty("bytesUnwritten", j.fileBytes() - j.bytesWritten());
        job.addProperty("sync", j.method() == SyncMethod.FDATASYNC ? "fdatasync after each write"
                : j.method().description(1) + " for each write");
        job.addProperty("layout", j.preallocation() == Preallocation.FALLOCATE
                ? "fallocate(0, 22 MiB) before the first write, as fio's fallocate=native" : "a new empty file, appended to, as fio's fallocate=none");
        job.addProperty("fioJob", String.join(" ", j.fioArgs()));
        job.addProperty("forksAsked", run.forks());
        job.addProperty("fio", run.fioVersion());
        job.addProperty("noFio", run.noFioWhy());
        o.add("job", job);
        if (a.verdict() != null) o.add("verdict", verdict(a));
        else o.addProperty("failed", a.failed());
        JsonObject summary = new JsonObject();
        for (JobFigures.JobFigure f : JobFigures.JobFigure.values()) {
            JsonObject row = new JsonObject();
            row.add("durabench", estimate(a.ours().get(f)));
            row.add("fio", estimate(a.fio().get(f)));
            GeometricMean g = a.ratios().get(f);
            if (g != null) {
                JsonObject r = new JsonObject();
                r.addProperty("value", g.value());
                r.addProperty("low", g.interval().isAvailable() ? g.interval().low() : null);
                r.addProperty("high", g.interval().isAvailable() ? g.interval().high() : null);
                r.addProperty("rounds", g.count());
                row.add("durabenchOverFio", r);
            }
            summary.add(f.key() + (f.isTime() ? "Us" : ""), row);
        }
        summary.addProperty("pooledSyncP99Us", Double.isFinite(a.pooledSyncP99Us()) ? a.pooledSyncP99Us() : null);
        summary.addProperty("pooledSyncs", a.pooledSyncs());
        o.add("summary", summary);
        JsonArray rounds = new JsonArray();
        for (EtcdRounds.Round r : results.rounds()) {
            JsonObject ro = new JsonObject();
            ro.addProperty("round", r.number());
            ro.addProperty("first", r.fioFirst() ? "fio" : "durabench");
            ro.add("durabench", run(r.ours().figures(), r.ours().failed()));
            if (r.fio() != null) {
                JsonObject fo = run(r.fio().figures(), r.fio().failed());
                fo.addProperty("json", r.fio().json().getFileName().toString());
                ro.add("fio", fo);
            }
            rounds.add(ro);
        }
        o.add("rounds", rounds);
        JsonArray left = new JsonArray();
        results.leftovers().forEach(p -> left.add(p.toString()));
        o.add("leftBehind", left);
        o.add("environment", run.env() == null ? null : run.env().toJson());
        return new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping().create().toJson(o) + "\n";
    }

    private static JsonObject verdict(EtcdAnalysis a) {
        JsonObject verdict = new JsonObject();
        verdict.addProperty("rule", EtcdAnalysis.RULE.describe());
        verdict.addProperty("outcome", a.failed() != null ? "FAILED" : a.verdict().outcome().name());
        verdict.addProperty("why", a.failed() != null ? a.failed() : a.verdict().why());
        verdict.addProperty("line", a.verdict().line());
        verdict.addProperty("exitCode", a.exitCode());
        return verdict;
    }

    private static JsonObject estimate(Estimate e) {
        if (e == null) return null;
        JsonObject o = new JsonObject();
        o.addProperty("value", Double.isFinite(e.mean()) ? e.mean() : null);
        o.addProperty("low", e.hasInterval() ? e.low() : null);
        o.addProperty("high", e.hasInterval() ? e.high() : null);
        o.addProperty("n", e.n());
        return o;
    }

    private static JsonObject run(JobFigures f, String failed) {
        JsonObject o = new JsonObject();
        o.addProperty("failed", failed);
        if (f == null) return o;
        for (JobFigures.JobFigure x : JobFigures.JobFigure.values()) o.addProperty(x.key() + (x.isTime() ? "Us" : ""), f.get(x));
        o.addProperty("fdatasyncs", f.syncs());
        return o;
    }
}
