package io.durabench.cli;

import io.durabench.etcd.ForkJob;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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

    @Mixin
    ForkCheckOptions options = new ForkCheckOptions();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        // Not picocli's required: the old spelling -d gives it too.
        if (dir == null) throw new UsageException("missing --dir DIR: name a directory on the disk etcd's data will live on");
        return ForkCheckRun.run(ForkJob.ETCD, dir, options, "etcd-check needs " + (ForkJob.ETCD.bytesNeeded() >> 20)
                + " MiB (a 22 MiB file at a time, with the loop's margin)", spec.commandLine().getOut(), spec.commandLine().getErr());
    }
}
