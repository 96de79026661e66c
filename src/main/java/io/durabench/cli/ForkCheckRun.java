package io.durabench.cli;

import io.durabench.env.Environment;
import io.durabench.env.EnvironmentProbe;
import io.durabench.etcd.EtcdAnalysis;
import io.durabench.etcd.EtcdOutput;
import io.durabench.etcd.EtcdRounds;
import io.durabench.etcd.FioRun;
import io.durabench.etcd.ForkJob;
import io.durabench.nativeio.IoUring;
import io.durabench.nativeio.KernelRefusal;
import io.durabench.nativeio.NativeLayers;
import io.durabench.output.TextFiles;
import io.durabench.suite.TargetCheck;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What etcd-check and uring-check do once their options are read: check the target, run the job's rounds with fio
 * between the forks when it is installed ({@link EtcdRounds}), write CHECK.md (also on stdout), CHECK.json and the
 * interval log, and return the exit code.
 */
final class ForkCheckRun {
    private ForkCheckRun() {
    }

    /** {@code space} names the free space the job needs, for TargetCheck's refusal. */
    static int run(ForkJob job, Path dir, ForkCheckOptions o, String space, PrintWriter stdout, PrintWriter err) {
        if (o.forks < 2 || o.forks > 100) throw new UsageException("--forks " + o.forks + ": an interval over forks needs 2 to 100 of them");
        String refused = refusal(job);
        if (refused != null) {
            err.println(job.check() + " is n/a here: " + refused);
            err.flush();
            return 1;
        }
        List<String> notes = new ArrayList<>();
        Path target = TargetCheck.check(dir, notes, job.bytesNeeded(), space);
        Path outDir = OutputPaths.newFolder(o.out != null ? o.out : defaultOut(job));
        String fioVersion = null, noFioWhy;
        if (o.noFio) {
            noFioWhy = "fio not run (--no-fio)";
        } else {
            fioVersion = FioRun.version(o.fio).orElse(null);
            noFioWhy = fioVersion == null ? "fio not installed: apt-get install fio" : null;
        }
        notes.forEach(err::println);
        if (fioVersion == null && !o.noFio) err.println(noFioWhy);
        Environment env = EnvironmentProbe.capture(target, NativeLayers.currentKind().word());
        String notDurable = Boolean.FALSE.equals(env.durableStorage()) ? env.durableStorageReason() : null;
        if (notDurable != null) {
            err.println("warning: " + target + " has no stable storage (" + notDurable + "): the check runs, but "
                    + (job.rule() != null ? "cannot be met" : "its figures are not a disk's"));
        }
        OutputPaths.create(outDir);
        err.println("# " + job.check() + " on " + target + ": " + o.forks + " forks of " + job.writes() + " writes of " + job.blockBytes()
                + " B with " + job.method() + (fioVersion == null ? "" : ", " + fioVersion + " between them") + "; into " + outDir);
        err.flush();
        EtcdRounds.Results results = EtcdRounds.run(new EtcdRounds.Settings(job, target, o.forks, outDir, fioVersion == null ? null : o.fio),
                line -> {
                    err.println(line);
                    err.flush();
                });
        String label = (env.filesystem() == null ? "" : env.filesystem() + " at ") + target;
        EtcdAnalysis analysis = EtcdAnalysis.of(job, results, label, notDurable);
        EtcdOutput.Run run = new EtcdOutput.Run(job, target, o.forks, fioVersion, noFioWhy, env);
        List<String> md = EtcdOutput.markdown(run, results, analysis);
        TextFiles.write(outDir.resolve(job.markdownFile()), String.join("\n", md) + "\n");
        TextFiles.write(outDir.resolve(job.jsonFile()), EtcdOutput.json(run, results, analysis));
        md.forEach(stdout::println);
        stdout.flush();
        err.println("Wrote " + outDir.resolve(job.markdownFile()) + ", " + job.jsonFile() + ", " + job.hlogFile()
                + (fioVersion == null ? "" : " and fio's JSON") + " in " + outDir);
        err.flush();
        return analysis.exitCode();
    }

    /** Why this machine refuses the job's method by design (io_uring disabled or filtered, no opcode), tried on a ring of 2; null when it does not. */
    private static String refusal(ForkJob job) {
        if (!job.method().throughRing()) return null;
        try (IoUring ring = IoUring.open(NativeLayers.current(), 2, "(a probe ring)")) {
            return null;
        } catch (KernelRefusal e) {
            return e.getMessage();
        }
    }

    static Path defaultOut(ForkJob job) {
        return OutputPaths.timestamped(job.check() + "-");
    }
}
