package io.durabench.cli;

import io.durabench.env.Environment;
import io.durabench.env.EnvironmentProbe;
import io.durabench.etcd.EtcdAnalysis;
import io.durabench.etcd.EtcdJob;
import io.durabench.etcd.EtcdOutput;
import io.durabench.etcd.EtcdRounds;
import io.durabench.etcd.FioRun;
import io.durabench.nativeio.NativeLayers;
import io.durabench.output.TextFiles;
import io.durabench.suite.TargetCheck;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** durabench etcd-check: etcd's fio disk check (fdatasync p99 below 10 ms) in forks, with fio's figures beside durabench's. */
@Command(name = "etcd-check", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = {"Is this disk good enough for etcd? Does the work of etcd's fio check (2,300-byte appends, fdatasync after "
                + "each, 22 MiB, in a fallocated file as fio lays it out) in several forks, judges etcd's rule (the 99th percentile "
                + "of fdatasync below 10 ms) on the interval over forks, and runs fio's own job between the forks for a side-by-side "
                + "when fio is installed. See the README, \"Is this disk good enough for etcd?\"."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:met, or undecided (the output says which)", "1:missed, a FAILED write or fdatasync, or no stable storage",
                "2:bad input (fix the command line)", "3:durabench itself failed"})
public final class EtcdCheckCommand implements Callable<Integer> {

    @Option(names = "--dir", paramLabel = "DIR", description = "A directory on the disk etcd's data will live on (required).")
    Path dir;

    @Option(names = "-d", hidden = true, paramLabel = "DIR", description = OldSpelling.DESCRIPTION + "--dir.")
    void oldDir(Path d) {
        OldSpelling.used(spec, "-d", "--dir");
        dir = d;
    }

    @Option(names = "--forks", paramLabel = "N", description = "Forks (JVMs) that each do the work once; the interval is over them (default: ${DEFAULT-VALUE}).")
    int forks = 5;

    @Option(names = "--no-fio", description = "Do not run fio beside the forks (it takes as long as the forks).")
    boolean noFio;

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (new or empty). Default: results/etcd-check-<host>-<yyyymmdd-HHmmss>/")
    Path out;

    @Spec
    CommandSpec spec;

    /** The fio to run; a test may point it elsewhere. */
    String fio = "fio";

    @Override
    public Integer call() {
        // Not picocli's required: the old spelling -d gives it too.
        if (dir == null) throw new UsageException("missing --dir DIR: name a directory on the disk etcd's data will live on");
        if (forks < 2 || forks > 100) throw new UsageException("--forks " + forks + ": an interval over forks needs 2 to 100 of them");
        List<String> notes = new ArrayList<>();
        Path target = TargetCheck.check(dir, notes, EtcdJob.BYTES_NEEDED, "etcd-check needs " + (EtcdJob.BYTES_NEEDED >> 20)
                + " MiB (a 22 MiB file at a time, with the loop's margin)");
        Path outDir = OutputPaths.newFolder(out != null ? out : defaultOut());
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String fioVersion = null, noFioWhy;
        if (noFio) {
            noFioWhy = "fio not run (--no-fio)";
        } else {
            fioVersion = FioRun.version(fio).orElse(null);
            noFioWhy = fioVersion == null ? "fio not installed: apt-get install fio" : null;
        }
        notes.forEach(err::println);
        if (fioVersion == null && !noFio) err.println(noFioWhy);
        Environment env = EnvironmentProbe.capture(target, NativeLayers.currentKind().word());
        String notDurable = Boolean.FALSE.equals(env.durableStorage()) ? env.durableStorageReason() : null;
        if (notDurable != null) err.println("warning: " + target + " has no stable storage (" + notDurable + "): the check runs, but cannot be met");
        OutputPaths.create(outDir);
        err.println("# etcd-check on " + target + ": " + forks + " forks of " + EtcdJob.WRITES + " writes of " + EtcdJob.BLOCK_BYTES
                + " B with fdatasync" + (fioVersion == null ? "" : ", " + fioVersion + " between them") + "; into " + outDir);
        err.flush();
        EtcdRounds.Results results = EtcdRounds.run(new EtcdRounds.Settings(target, forks, outDir, fioVersion == null ? null : fio), line -> {
            err.println(line);
            err.flush();
        });
        String label = (env.filesystem() == null ? "" : env.filesystem() + " at ") + target;
        EtcdAnalysis analysis = EtcdAnalysis.of(results, label, notDurable);
        EtcdOutput.Run run = new EtcdOutput.Run(target, forks, fioVersion, noFioWhy, env);
        List<String> md = EtcdOutput.markdown(run, results, analysis);
        TextFiles.write(outDir.resolve(EtcdOutput.MARKDOWN), String.join("\n", md) + "\n");
        TextFiles.write(outDir.resolve(EtcdOutput.JSON), EtcdOutput.json(run, results, analysis));
        md.forEach(stdout::println);
        stdout.flush();
        err.println("Wrote " + outDir.resolve(EtcdOutput.MARKDOWN) + ", " + EtcdOutput.JSON + ", " + EtcdRounds.HLOG
                + (fioVersion == null ? "" : " and fio's JSON") + " in " + outDir);
        err.flush();
        return analysis.exitCode();
    }


    static Path defaultOut() {
        return OutputPaths.timestamped("etcd-check-");
    }
}
