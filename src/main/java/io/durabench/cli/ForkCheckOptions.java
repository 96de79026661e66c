package io.durabench.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options etcd-check and uring-check share, spelled and meaning the same in both (picocli mixin). */
final class ForkCheckOptions {
    @Option(names = "--forks", paramLabel = "N", description = "Forks (JVMs) that each do the work once; the interval is over them (default: ${DEFAULT-VALUE}).")
    int forks = 5;

    @Option(names = "--no-fio", description = "Do not run fio beside the forks (it takes as long as the forks).")
    boolean noFio;

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (new or empty). Default: results/<command>-<host>-<yyyymmdd-HHmmss>/")
    Path out;

    /** The fio to run; a test may point it elsewhere. */
    String fio = "fio";
}
