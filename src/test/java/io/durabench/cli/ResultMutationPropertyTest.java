package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.fail;

import io.durabench.results.EnvironmentFile;
import io.durabench.results.JmhJsonReader;
import io.durabench.results.LockStepFile;
import io.durabench.results.NotMeasuredFile;
import io.durabench.results.ResultsFileException;
import io.durabench.results.RunManifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Property: whatever damage a real result file takes ({@link JsonMutator}), `durabench report`
 * either renders a report (exit 0, nothing on stderr) or refuses in exactly one line that starts
 * with "durabench: " and names the damaged file (exit 2, nothing on stdout, nothing written) —
 * never exit 1 (a verdict) or 3 (an internal error), a stack trace, or an exception out of the command line. And each reader on its
 * own either reads the file or throws a {@link ResultsFileException} naming it.
 *
 * <p>Random but reproducible: the seed is in every failure message; rerun with
 * {@code -Ddurabench.mutation.seed=SEED} (and {@code -Ddurabench.mutation.tries=N}). A failing input
 * is kept under target/mutation-failures/. jqwik was not used: from 1.10 its authors ask that AI
 * coding agents not use it, and it prints text addressed to agents into every build log.
 */
class ResultMutationPropertyTest {
    private static final int TRIES = Integer.getInteger("durabench.mutation.tries", 200);
    private static final long SEED = Long.getLong("durabench.mutation.seed", System.nanoTime());
    private static final List<String> FORMATS = List.of("text", "markdown", "csv", "json");

    /** A real results folder under src/test/resources/report (or jmh-samples, single files) and the file in it to damage. */
    record Source(String fixture, String file) {
    }

    /**
     * The report sources, each listed as often as it is to be drawn: group-commit's report takes
     * ~150 ms (its statistics), the others 5-50 ms, so it is drawn less to keep the property at
     * a few seconds.
     */

    private static final List<Source> REPORT_SOURCES = weighted(
            List.of(new Source("real-run/dev-shm", "jmh-result.json"),
                    new Source("real-run/dev-shm", "environment.json"),
                    new Source("real-run/work-wt-report-target-durabench-data", "jmh-result.json"),
                    new Source("real-run/work-wt-report-target-durabench-data", "environment.json"),
                    new Source("failed-cell/data", "not-applicable.json"),
                    new Source("failed-cell/data", "jmh-result.json"),
                    new Source("jmh-samples", "sample27-params-sample.json"),
                    new Source("jmh-samples", "sample35-prof-gc.json"),
                    new Source("jmh-samples", "sample02-modes.json"),
                    new Source("reference-pairs", "lockstep.json")),
            List.of(new Source("group-commit", "jmh-result.json"), new Source("group-commit", "environment.json")));

    /** Each of {@code common} four times, each of {@code rare} once. */
    private static List<Source> weighted(List<Source> common, List<Source> rare) {
        List<Source> all = new ArrayList<>();
        for (int i = 0; i < 4; i++) all.addAll(common);
        all.addAll(rare);
        return List.copyOf(all);
    }

    @TempDir
    Path tmp;

    @Test
    void aDamagedResultIsRenderedOrRefusedInOneLineNamingTheFile() throws IOException {
        Random random = new Random(SEED);
        List<String> failures = new ArrayList<>();
        for (int t = 0; t < TRIES && failures.size() < 5; t++) {
            Source source = REPORT_SOURCES.get(random.nextInt(REPORT_SOURCES.size()));
            Path dir = tmp.resolve("try-" + t);
            Path input = setUp(source, dir);
            Path damaged = dir.resolve(source.file());
            JsonMutator mutator = new JsonMutator(random);
            byte[] bytes = mutator.mutate(Files.readString(damaged));
            Files.write(damaged, bytes);

            List<String> args = new ArrayList<>(List.of(random.nextInt(100) == 0 ? "plot" : "report", input.toString()));
            Path out = dir.resolve("out");
            if (args.get(0).equals("plot") || random.nextInt(100) == 0) args.addAll(List.of("--out", out.toString()));
            else args.addAll(List.of("--format", FORMATS.get(random.nextInt(FORMATS.size()))));
            CliRun run;
            try {
                run = CliRun.of(args.toArray(String[]::new));
            } catch (RuntimeException | Error escaped) {
                failures.add(describe(t, source, mutator, bytes, "an exception escaped the command line: " + escaped));
                continue;
            }
            String problem = problemWith(run, damaged, dir, out);
            if (problem != null) failures.add(describe(t, source, mutator, bytes, problem + "\n  " + String.join(" ", args)));
        }
        if (!failures.isEmpty()) fail(failures.size() + " damaged files broke the rule:\n" + String.join("\n", failures));
    }

    /** Null when the run kept the rule; otherwise what it did wrong. */
    private static String problemWith(CliRun run, Path damaged, Path dir, Path out) {
        String err = run.err();
        if (err.contains("\tat ") || err.contains("Exception")) return "exit " + run.exitCode() + " with a stack trace or exception name: " + cut(err);
        if (run.exitCode() == 0) {
            if (!err.isEmpty()) return "exit 0 but stderr: " + cut(err);
            if (run.out().isBlank()) return "exit 0 but nothing rendered";
            return null;
        }
        if (run.exitCode() != 2) return "exit " + run.exitCode() + " (only 0 or 2 allowed): " + cut(err);
        if (err.lines().count() != 1 || !err.startsWith("durabench: ")) return "exit 2 but not one \"durabench: \" line: " + cut(err);
        boolean namesFile = err.contains(damaged.toString())
                || err.contains(dir.toString() + ": no benchmark results") // the file was damaged down to nothing to report
                // A damaged name can turn a durabench row into a plain one: --format csv then holds two tables and asks for
                // --table, as documented; an answer about the output's choice, not about the file.
                || err.startsWith("durabench: several tables: pick one with --table ");
        if (!namesFile) return "exit 2 but the message does not name " + damaged + ": " + cut(err);
        if (!run.out().isEmpty()) return "exit 2 but stdout: " + cut(run.out());
        if (Files.exists(out)) return "exit 2 but the --out folder was created";
        return null;
    }

    @Test
    void eachReaderReadsADamagedFileOrNamesIt() throws IOException {
        Random random = new Random(SEED + 1);
        List<Source> sources = List.of(new Source("real-run", "run.json"), new Source("failed-cell/data", "not-applicable.json"),
                new Source("group-commit", "environment.json"), new Source("real-run/dev-shm", "jmh-result.json"),
                new Source("reference-pairs", "lockstep.json"));
        List<Consumer<Path>> readers = List.of(RunManifest::read, NotMeasuredFile::read, EnvironmentFile::read, JmhJsonReader::read,
                file -> LockStepFile.read(file.getParent()));
        List<String> failures = new ArrayList<>();
        for (int t = 0; t < TRIES && failures.size() < 5; t++) {
            int which = random.nextInt(sources.size());
            Source source = sources.get(which);
            Path file = Files.createDirectories(tmp.resolve("read-" + t)).resolve(source.file());
            JsonMutator mutator = new JsonMutator(random);
            byte[] bytes = mutator.mutate(Files.readString(ResultFixtures.resource(source.fixture() + "/" + source.file())));
            Files.write(file, bytes);
            try {
                readers.get(which).accept(file);
            } catch (ResultsFileException e) {
                String msg = e.getMessage();
                if (!msg.startsWith(file.toString()) || msg.lines().count() != 1) {
                    failures.add(describe(t, source, mutator, bytes, "message does not start with the file or is not one line: " + cut(msg)));
                }
            } catch (RuntimeException | Error other) {
                failures.add(describe(t, source, mutator, bytes, "threw " + other));
            }
        }
        if (!failures.isEmpty()) fail(failures.size() + " damaged files broke a reader:\n" + String.join("\n", failures));
    }

    /** Copies the fixture into {@code dir}; returns what to name on the command line (the folder, or the single file). */
    private static Path setUp(Source source, Path dir) throws IOException {
        Files.createDirectories(dir);
        if (source.fixture().equals("jmh-samples")) {
            return Files.copy(ResultFixtures.resource(source.fixture() + "/" + source.file()), dir.resolve(source.file()));
        }
        ResultFixtures.copyFolder(source.fixture(), dir);
        return dir;
    }

    /** Everything needed to see and replay a failure; the damaged bytes are kept under target/mutation-failures/. */
    private static String describe(int t, Source source, JsonMutator mutator, byte[] bytes, String problem) throws IOException {
        Path kept = Files.createDirectories(Path.of("target", "mutation-failures")).resolve(SEED + "-" + t + "-" + source.file());
        Files.write(kept, bytes);
        return "- seed " + SEED + ", try " + t + ", " + source.fixture() + "/" + source.file() + " after " + mutator.done()
                + "\n  " + problem + "\n  kept as " + kept.toAbsolutePath();
    }

    private static String cut(String s) {
        return s.length() > 600 ? s.substring(0, 600) + "..." : s;
    }
}
