package io.durabench.cli;

import io.durabench.etcd.ForkJob;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** durabench uring-check: durabench's URING_FDATASYNC row at queue depth 1 in forks, fio's io_uring engine between them. */
@Command(name = "uring-check", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = {"Do durabench and fio measure io_uring's durable append the same? Does the work of the URING_FDATASYNC "
                + "row at queue depth 1 (8 KiB appends to a new file, 64 MiB, each write linked to an fdatasync entry, one "
                + "io_uring_enter for both) in several forks, and runs fio's io_uring engine at iodepth 1 with --fdatasync=1 "
                + "on the same work between the forks, in alternating order, as etcd-check does; prints both side by side, "
                + "with no verdict. See docs/etcd-check.md, \"io_uring beside fio\"."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:both measured (or fio not run)", "1:a FAILED write or fdatasync, or io_uring n/a here (the reason printed)",
                "2:bad input (fix the command line)",
                "3:durabench itself failed"})
public final class UringCheckCommand implements Callable<Integer> {

    @Option(names = "--dir", paramLabel = "DIR", required = true, description = "The directory to write in, on the disk to measure.")
    Path dir;

    @Mixin
    ForkCheckOptions options = new ForkCheckOptions();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        return ForkCheckRun.run(ForkJob.URING_QD1, dir, options, "uring-check needs " + (ForkJob.URING_QD1.bytesNeeded() >> 20)
                + " MiB (a 64 MiB file at a time, with the loop's margin)", spec.commandLine().getOut(), spec.commandLine().getErr());
    }
}
