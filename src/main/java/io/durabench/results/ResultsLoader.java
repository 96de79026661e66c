package io.durabench.results;

import io.durabench.env.Environment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Finds the results behind each PATH: a JMH JSON file, a folder holding jmh-result.json, or a
 * `durabench run --out` folder with one such subfolder per target directory, or, when the run
 * measured several JVMs, one subfolder per JVM slot inside each target's
 * (RUN/&lt;target&gt;/&lt;slot&gt;/jmh-result.json). environment.json and not-applicable.json beside
 * a JMH file belong to it. All of them are read through their owners here
 * ({@link EnvironmentFile}, {@link NotMeasuredFile}).
 */
public final class ResultsLoader {
    private static final String RESULT_FILE = ResultsFolder.JMH_RESULT;
    private static final String ENVIRONMENT_FILE = ResultsFolder.ENVIRONMENT;
    private static final String NOT_MEASURED_FILE = ResultsFolder.NOT_MEASURED;

    private ResultsLoader() {
    }

    public static List<ResultSet> load(List<Path> paths) {
        if (paths.isEmpty()) throw new ResultsFileException("no PATH given: name a results folder or JMH JSON file");
        List<ResultSet> sets = new ArrayList<>();
        for (Path path : paths) {
            if (!Files.exists(path)) throw new ResultsFileException(path + ": no such file or directory");
            if (Files.isDirectory(path)) sets.addAll(folder(path));
            else sets.add(file(path));
        }
        return sets;
    }

    private static List<ResultSet> folder(Path dir) {
        if (isResultFolder(dir)) return List.of(resultFolder(dir));
        List<ResultSet> sets = new ArrayList<>();
        for (Path child : subfolders(dir)) {
            if (isResultFolder(child)) {
                sets.add(resultFolder(child));
            } else {
                // A multi-JVM run: RUN/<target>/<slot>/ holds the results of one JVM on that target.
                for (Path slot : subfolders(child)) {
                    if (isResultFolder(slot)) sets.add(resultFolder(slot));
                }
            }
        }
        if (sets.isEmpty()) {
            throw new ResultsFileException(dir + ": no " + RESULT_FILE + " in it or two levels of subfolders; "
                    + "name a `durabench run --out` folder or a JMH JSON file");
        }
        return sets;
    }

    private static List<Path> subfolders(Path dir) {
        try (Stream<Path> children = Files.list(dir)) {
            return children.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new ResultsFileException(dir + ": cannot list (" + e.getMessage() + ")");
        }
    }

    private static boolean isResultFolder(Path dir) {
        return Files.isRegularFile(dir.resolve(RESULT_FILE)) || Files.isRegularFile(dir.resolve(ENVIRONMENT_FILE));
    }

    /** A target's folder; when JMH produced nothing (everything n/a) the n/a list still reports. */
    private static ResultSet resultFolder(Path dir) {
        Path result = dir.resolve(RESULT_FILE);
        List<BenchmarkResult> results = Files.isRegularFile(result) ? JmhJsonReader.read(result) : List.of();
        return new ResultSet(result, environment(dir), results, notMeasured(dir));
    }

    private static ResultSet file(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        return new ResultSet(file, environment(dir), JmhJsonReader.read(file), notMeasured(dir));
    }

    private static Environment environment(Path dir) {
        Path file = dir.resolve(ENVIRONMENT_FILE);
        return Files.isRegularFile(file) ? EnvironmentFile.read(file) : null;
    }

    private static List<NotMeasured> notMeasured(Path dir) {
        Path file = dir.resolve(NOT_MEASURED_FILE);
        return Files.isRegularFile(file) ? NotMeasuredFile.read(file) : List.of();
    }
}
