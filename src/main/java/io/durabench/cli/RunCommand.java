package io.durabench.cli;

import io.durabench.nativeio.JnrSyscalls;
import io.durabench.suite.JmhSettings;
import io.durabench.suite.Profile;
import io.durabench.suite.SuiteRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** durabench run: the suite on one or more directories, JMH JSON + environment per directory. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs the durability suite on each --dir: JMH JSON, environment and n/a list per directory, then a summary.",
                "Standard JMH options may follow '--' (e.g. -- -f 2 -i 10 -bm sample -p blockSizeBytes=4096)."})
public final class RunCommand implements Callable<Integer> {

    @Option(names = "--dir", paramLabel = "DIR",
            description = "Target directory (repeatable). Default: target/durabench-data in the project, on its own filesystem.")
    List<Path> dirs = new ArrayList<>();

    @Option(names = "--profile", paramLabel = "quick|standard|full|compare", defaultValue = "quick",
            description = "quick: pg_test_fsync's main table, ~2 min per dir; standard: every axis, <30 min; full: cross product (hours); "
                    + "compare: quick's cells with 12 forks each, for durabench compare (~25 min per dir, estimated). Default: ${DEFAULT-VALUE}.")
    String profile;

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder. Default: results/<host>-<yyyymmdd-HHmmss>/")
    Path out;

    @Parameters(paramLabel = "JMH-OPTION", arity = "0..*", description = "JMH options passed through (after --).")
    List<String> jmhArgs = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Profile p = parseProfile(profile);
        JmhSettings settings;
        try {
            settings = JmhSettings.of(p, jmhArgs);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        List<Path> targets = resolveTargets();
        Path outDir = out != null ? out : defaultOut();
        if (Files.exists(outDir) && !isEmptyDir(outDir)) {
            throw new UsageException("output folder " + outDir + " already exists and is not empty: pass a new --out");
        }
        SuiteRun run = new SuiteRun(p, settings, jmhArgs, JnrSyscalls.get(), spec.commandLine().getOut(), spec.commandLine().getErr());
        // Planning parses every -p value through the catalogue: a value that can never be valid stops here, before anything is written.
        if (run.plan(targets.get(0)).isEmpty()) {
            throw new UsageException("no benchmark of the " + p.label() + " profile matches " + settings.includes()
                    + ": check the pattern (group commit runs in standard and full, not quick)");
        }
        return run.run(targets, outDir) ? OneLineErrors.EXIT_FAILURE : 0;
    }

    static Profile parseProfile(String s) {
        try {
            return Profile.valueOf(s.toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageException("unknown --profile '" + s + "': use quick, standard, full or compare");
        }
    }

    /** Validates every directory before anything is written, so bad input leaves no stray files. */
    private List<Path> resolveTargets() {
        List<Path> given = dirs.isEmpty() ? List.of(defaultDir()) : dirs;
        List<Path> resolved = new ArrayList<>();
        for (Path d : given) {
            Path abs = d.toAbsolutePath().normalize();
            if (dirs.isEmpty()) {
                try {
                    Files.createDirectories(abs);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot create default target " + abs + ": " + e.getMessage(), e);
                }
            }
            if (!Files.isDirectory(abs)) {
                throw new UsageException("target directory " + d + " does not exist or is not a directory: create it or pass another --dir");
            }
            if (!Files.isWritable(abs)) {
                throw new UsageException("target directory " + d + " is not writable: fix its permissions or pass another --dir");
            }
            resolved.add(abs);
        }
        return resolved;
    }

    /** Under the project's target/ (the launcher passes -Ddurabench.home): never java.io.tmpdir, which may be tmpfs. */
    static Path defaultDir() {
        return Path.of(System.getProperty("durabench.home", ".")).resolve("target").resolve("durabench-data");
    }

    static Path defaultOut() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "localhost";
        }
        return Path.of("results", host + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    }

    private static boolean isEmptyDir(Path p) throws IOException {
        if (!Files.isDirectory(p)) return false;
        try (var s = Files.list(p)) {
            return s.findAny().isEmpty();
        }
    }

}
