package io.durabench.cli;

import io.durabench.env.Environment;
import io.durabench.env.EnvironmentProbe;
import io.durabench.nativeio.NativeLayers;
import io.durabench.pg.PgRun;
import io.durabench.pg.PgSideBySide;
import io.durabench.pg.PgTable;
import io.durabench.suite.TargetCheck;
import io.durabench.workload.PgTestFile;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** durabench pg: pg_test_fsync's five sections, with intervals from forks, in pg_test_fsync's own time. */
@Command(name = "pg", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = {"Runs pg_test_fsync's tests (one and two 8kB writes per sync, open_sync write sizes, fsync through "
                + "another descriptor, non-sync'ed writes) with durabench's workloads and prints them in pg_test_fsync's "
                + "layout, each line with its interval over forks, NOT durable where it applies, and the environment above.",
                "Takes no longer than pg_test_fsync -s SECONDS: the forks share its time. See docs/pg.md."})
public final class PgCommand implements Callable<Integer> {

    @Option(names = "--dir", paramLabel = "DIR", description = "Directory to test in (as pg_test_fsync -f DIR/file; default: the current directory).")
    Path dir = Path.of(".");

    @Option(names = "-d", hidden = true, paramLabel = "DIR", description = OldSpelling.DESCRIPTION + "--dir.")
    void oldDir(Path d) {
        OldSpelling.used(spec, "-d", "--dir");
        dir = d;
    }

    @Option(names = {"-s", "--secs-per-test"}, paramLabel = "SECONDS",
            description = "pg_test_fsync's seconds per test (default: ${DEFAULT-VALUE}); durabench spends the same total time.")
    double seconds = 5;

    @Option(names = "--forks", paramLabel = "N", description = "JVMs the time is shared by; each line's interval is over them (default: ${DEFAULT-VALUE}).")
    int forks = 4;

    @Option(names = "--side-by-side", paramLabel = "FOLDER", description = "Print the side-by-side table of scripts/pg-side-by-side.sh's FOLDER"
            + " (pg_test_fsync's runs and durabench pg's, line by line) as Markdown, and measure nothing.")
    Path sideBySide;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (sideBySide != null) {
            if (!Files.isDirectory(sideBySide)) throw new UsageException("--side-by-side " + sideBySide + " is not a folder (pass the --out of scripts/pg-side-by-side.sh)");
            UsageException.onBadInput(() -> PgSideBySide.markdown(sideBySide)).forEach(spec.commandLine().getOut()::println);
            spec.commandLine().getOut().flush();
            return 0;
        }
        Path target = TargetCheck.check(dir, new java.util.ArrayList<>(), PgTestFile.FILE_BYTES + (16L << 20),
                "durabench pg needs 32 MiB (pg_test_fsync's 16 MiB test file, and as much headroom)");
        if (!(seconds > 0) || seconds > 3600) throw new UsageException("-s " + seconds + ": seconds per test must be above 0 and at most 3600");
        if (forks < 2 || forks > 100) throw new UsageException("--forks " + forks + ": an interval over forks needs 2 to 100 of them");
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Environment env = EnvironmentProbe.capture(target, NativeLayers.currentKind().word());
        PgRun.Results results = PgRun.run(new PgRun.Settings(target, seconds, forks), line -> {
            err.println(line);
            err.flush();
        });
        PgTable.lines(results, env).forEach(out::println);
        out.flush();
        boolean failed = results.byLine().values().stream().flatMap(java.util.List::stream).anyMatch(r -> r.status().equals("failed"));
        return failed ? 1 : 0;
    }
}
