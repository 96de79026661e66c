package io.durabench.etcd;

import io.durabench.results.CallLatencyLog;
import io.durabench.suite.JvmSlot;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * Runs the check's rounds: in each, one durabench fork (a fresh JVM doing etcd's work once,
 * {@link EtcdForkMain}) and one fio run of etcd's job, back to back, so both tools see the same
 * drift of the disk. The order inside a round alternates (durabench first in rounds 1, 3, 5, fio
 * first in 2, 4: ours, fio, fio, ours, ours, ...), since the second slot of a pair runs on a disk
 * the first has just written to; the analysis pairs the two by round.
 *
 * <p>A fork is a child JVM started like `durabench pg`'s (this java, the launcher's JVM flags, this
 * classpath) rather than a JMH benchmark: the work is fixed (fio's 10,029 writes, once, no warmup),
 * JMH would add iterations, warmup and its own process around it, and the rounds must interleave
 * with fio one fork at a time, which JMH's own forks cannot.
 *
 * <p>The check stops at the first fork whose write or sync failed: a disk whose fdatasync fails is
 * one etcd cannot use, whatever later forks would measure. A fork that fails otherwise (its JVM
 * does not start, its log cannot be written) is durabench failing: an {@link IllegalStateException}.
 */
public final class EtcdRounds {
    /** @param fio the fio to run beside ours; null for none */
    public record Settings(Path dir, int forks, Path out, String fio) {
    }

    /** One durabench fork: its histograms (ns) and figures, or why the disk refused it. */
    public record Fork(JobFigures figures, Histogram writes, Histogram syncs, String failed) {
        public boolean ok() {
            return failed == null;
        }
    }

    /** One round: which tool went first, our fork, and fio's run (null without fio). */
    public record Round(int number, boolean fioFirst, Fork ours, FioRun.Outcome fio) {
    }

    /** Every round run, and the files of fio's the check could not delete (none, normally). */
    public record Results(List<Round> rounds, List<Path> leftovers) {
        public boolean anyFailed() {
            return rounds.stream().anyMatch(r -> !r.ours().ok());
        }
    }

    public static final String HLOG = "etcd-check.hlog";

    private EtcdRounds() {
    }

    public static Results run(Settings s, Consumer<String> progress) {
        List<Round> rounds = new ArrayList<>();
        List<Path> leftovers = new ArrayList<>();
        Path hlog = s.out().resolve(HLOG);
        for (int r = 1; r <= s.forks(); r++) {
            boolean fioFirst = s.fio() != null && r % 2 == 0;
            FioRun.Outcome fio = null;
            if (fioFirst) fio = fio(s, r, leftovers);
            Fork ours = fork(s.dir(), hlog, r);
            if (s.fio() != null && !fioFirst && ours.ok()) fio = fio(s, r, leftovers);
            rounds.add(new Round(r, fioFirst, ours, fio));
            progress.accept(progressLine(r, s.forks(), ours, fio));
            if (!ours.ok()) break;
        }
        return new Results(rounds, leftovers);
    }

    private static FioRun.Outcome fio(Settings s, int round, List<Path> leftovers) {
        String job = "durabench-etcd-" + ProcessHandle.current().pid() + "-r" + round;
        FioRun.Outcome o = FioRun.run(s.fio(), s.dir(), job, s.out().resolve("fio-" + round + ".json"));
        Path data = EtcdJob.fioDataFile(s.dir(), job);
        if (Files.exists(data, java.nio.file.LinkOption.NOFOLLOW_LINKS)) leftovers.add(data);
        return o;
    }

    /** Runs one fork and reads its histograms back from the log it appended to (what the log holds is what is reported). */
    static Fork fork(Path dir, Path hlog, int round) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JvmSlot.launcher().jvmFlags());
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), EtcdForkMain.class.getName(),
                dir.toString(), hlog.toString(), Integer.toString(round)));
        String line = null;
        Path err = null;
        int exit;
        try {
            err = Files.createTempFile("durabench-etcd-", ".err");
            Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
            p.getOutputStream().close();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) if (line == null && l.contains("\t")) line = l;
            }
            exit = p.waitFor();
            if (line == null) {
                String why = Files.readString(err).strip().lines().findFirst().orElse("no output");
                throw new IllegalStateException("fork " + round + " of etcd-check ended without a result (exit " + exit + "): " + why);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot start fork " + round + " of etcd-check: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while fork " + round + " of etcd-check ran", e);
        } finally {
            deleteQuietly(err);
        }
        String[] f = line.split("\t", 3);
        if (f[0].equals("failed")) return new Fork(null, null, null, f[1]);
        if (!f[0].equals("ok") || f.length < 3 || exit != 0) {
            throw new IllegalStateException("fork " + round + " of etcd-check failed (exit " + exit + "): " + (f.length > 1 ? f[1] : line));
        }
        return read(hlog, round, Long.parseLong(f[1]), Long.parseLong(f[2]));
    }

    /** The fork's two histograms from the log, checked against the work: one write and one sync per block, no more, no fewer. */
    static Fork read(Path hlog, int round, long writes, long nanos) {
        Histogram w = null, sy = null;
        for (CallLatencyLog.Interval i : CallLatencyLog.read(hlog)) {
            if (i.round() != round || !i.mode().equals(EtcdForkMain.MODE)) continue;
            if (i.call() == CallLatencyLog.Call.WRITE) w = i.histogram();
            else sy = i.histogram();
        }
        if (w == null || sy == null) throw new IllegalStateException(hlog + " holds no write and sync intervals of fork " + round);
        if (writes != EtcdJob.WRITES || w.getTotalCount() != EtcdJob.WRITES || sy.getTotalCount() != EtcdJob.WRITES) {
            throw new IllegalStateException("fork " + round + " recorded " + w.getTotalCount() + " writes and " + sy.getTotalCount()
                    + " syncs (it says " + writes + "), not " + EtcdJob.WRITES + " of each");
        }
        return new Fork(JobFigures.of(w, sy, nanos), w, sy, null);
    }

    private static String progressLine(int r, int forks, Fork ours, FioRun.Outcome fio) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "# round %d of %d: durabench ", r, forks));
        sb.append(ours.ok() ? brief(ours.figures()) : "FAILED: " + ours.failed());
        if (fio != null) sb.append("; fio ").append(fio.ok() ? brief(fio.figures()) : "failed: " + fio.failed());
        return sb.toString();
    }

    private static String brief(JobFigures f) {
        return String.format(Locale.ROOT, "sync p99 %,.0f µs, %,.0f ops/s", f.syncP99(), f.opsPerSec());
    }

    private static void deleteQuietly(Path p) {
        if (p == null) return;
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a temp file of ours in /tmp; nothing to report it to
        }
    }
}
