package io.durabench.results;

import io.durabench.env.Environment;
import io.durabench.env.PathKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
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
 * ({@link EnvironmentFile}, {@link NotMeasuredFile}). A fleet's folder ({@link FleetFolder}: hosts.json
 * and one run folder per host) gives every host's sets, each tagged with its host; a host folder
 * without results (its run failed early) gives none, and hosts.json says why.
 */
public final class ResultsLoader {
    private static final String RESULT_FILE = ResultsFolder.JMH_RESULT;
    private static final String ENVIRONMENT_FILE = ResultsFolder.ENVIRONMENT;
    private static final String NOT_MEASURED_FILE = ResultsFolder.NOT_MEASURED;

    private ResultsLoader() {
    }

    public static List<ResultSet> load(List<Path> paths) {
        if (paths.isEmpty()) throw new ResultsFileException("no PATH given: " + InputPaths.NAME_RESULTS);
        List<ResultSet> sets = new ArrayList<>();
        for (Path path : paths) sets.addAll(loadOne(path));
        if (sets.stream().allMatch(s -> s.results().isEmpty() && s.notMeasured().isEmpty())) {
            throw new ResultsFileException(String.join(", ", paths.stream().map(Path::toString).toList())
                    + ": no benchmark results and no n/a or failed cells in " + (paths.size() == 1 ? "it" : "them")
                    + "; the run wrote nothing to report (was it cut short?): run it again, or " + InputPaths.NAME_RESULTS);
        }
        return sets;
    }

    /** One PATH; a problem under a symbolic link also says where the link leads, where the files were read. */
    private static List<ResultSet> loadOne(Path path) {
        if (path.toString().isBlank()) throw new ResultsFileException("an empty PATH (it would mean the current folder); " + InputPaths.NAME_RESULTS);
        InputPaths.requireFileOrFolder(path);
        try {
            return Files.isDirectory(path) ? folder(path) : List.of(file(path));
        } catch (ResultsFileException e) {
            Path real = PathKind.realPathIfLinked(path);
            if (real == null) throw e;
            throw new ResultsFileException(e.getMessage() + " (" + path + " leads to " + real + ")");
        }
    }

    private static List<ResultSet> folder(Path dir) {
        if (FleetFolder.isFleet(dir)) return fleet(dir);
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
            throw new ResultsFileException(dir + ": no " + RESULT_FILE + " in it or two levels of subfolders; " + InputPaths.NAME_RESULTS);
        }
        return sets;
    }

    /** Every host's run folder, each set tagged with its host (the folder's name). */
    private static List<ResultSet> fleet(Path dir) {
        List<ResultSet> sets = new ArrayList<>();
        for (Path host : FleetFolder.hostFolders(dir)) {
            if (!hasResults(host)) continue;
            String name = String.valueOf(host.getFileName());
            folder(host).forEach(s -> sets.add(s.onHost(name)));
        }
        if (sets.isEmpty()) {
            throw new ResultsFileException(dir + ": a fleet folder (" + FleetFolder.HOSTS + ") whose host folders hold no results; "
                    + "see " + FleetFolder.HOSTS + " for what became of each host");
        }
        return sets;
    }

    /** A host folder with a result folder in it or in its subfolders (two levels, as {@link #folder} reads). */
    private static boolean hasResults(Path dir) {
        if (isResultFolder(dir)) return true;
        for (Path child : subfolders(dir)) {
            if (isResultFolder(child) || subfolders(child).stream().anyMatch(ResultsLoader::isResultFolder)) return true;
        }
        return false;
    }

    private static List<Path> subfolders(Path dir) {
        try (Stream<Path> children = Files.list(dir)) {
            return children.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new ResultsFileException(dir + ": cannot list (" + e.getMessage() + ")");
        }
    }

    /** Either file present (whatever it is: a directory named jmh-result.json is reported, not skipped). */
    private static boolean isResultFolder(Path dir) {
        return present(dir.resolve(RESULT_FILE)) || present(dir.resolve(ENVIRONMENT_FILE));
    }

    private static boolean present(Path file) {
        return Files.exists(file, LinkOption.NOFOLLOW_LINKS);
    }

    /** A target's folder; when JMH produced nothing (everything n/a) the n/a list still reports. */
    private static ResultSet resultFolder(Path dir) {
        Path result = dir.resolve(RESULT_FILE);
        List<BenchmarkResult> results = present(result) ? JmhJsonReader.read(result) : List.of();
        return new ResultSet(result, environment(dir), results, notMeasured(dir), null,
                LockStepFile.isLockStep(dir) ? LockStepFile.read(dir) : null);
    }

    private static ResultSet file(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        return new ResultSet(file, environment(dir), JmhJsonReader.read(file), notMeasured(dir));
    }

    private static Environment environment(Path dir) {
        Path file = dir.resolve(ENVIRONMENT_FILE);
        return present(file) ? EnvironmentFile.read(file) : null;
    }

    private static List<NotMeasured> notMeasured(Path dir) {
        Path file = dir.resolve(NOT_MEASURED_FILE);
        return present(file) ? NotMeasuredFile.read(file) : List.of();
    }
}
