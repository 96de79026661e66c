package io.durabench.suite;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.results.BenchmarkResult;
import io.durabench.results.CallLatencyLog;
import io.durabench.results.DeviceLog;
import io.durabench.results.HistogramTrimmer;
import io.durabench.results.JmhJsonReader;
import io.durabench.results.JmhParams;
import io.durabench.results.NotMeasured;
import io.durabench.results.ResultsFolder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one target measured on one JVM, kept on disk as it grows: after every cell's round
 * jmh-result.json (every finished round's JMH entries, one per cell, mode and round, as JMH wrote
 * them) and not-applicable.json (n/a and failed) are rewritten whole and atomically, so an
 * interrupted run loses at most the fork it was in. A resumed run starts from what the folder holds:
 * a cell with k rounds recorded continues at round k+1. A cell that fails in a later round is
 * FAILED, and its earlier rounds' numbers are removed: a failed sync yields no number.
 */
final class SlotResults {
    private final ResultsFolder.Target folder;
    private final boolean trimHistograms;
    private final JsonArray entries;
    private final List<NotMeasured> notMeasured;
    private final Set<String> settled = new HashSet<>();
    private final Map<String, Integer> rounds = new HashMap<>();
    private boolean closed;

    private SlotResults(ResultsFolder.Target folder, boolean trimHistograms, JsonArray entries, List<NotMeasured> notMeasured) {
        this.folder = folder;
        this.trimHistograms = trimHistograms;
        this.entries = entries;
        this.notMeasured = new ArrayList<>(notMeasured);
        // One entry per cell, mode and round: a cell's rounds are its entries of the mode that has fewest.
        Map<String, Map<String, Integer>> perMode = new HashMap<>();
        for (JsonElement e : entries) {
            JsonObject o = (JsonObject) e;
            String k = key(o);
            perMode.computeIfAbsent(k, x -> new HashMap<>()).merge(o.get("mode").getAsString(), 1, Integer::sum);
        }
        perMode.forEach((k, modes) -> rounds.put(k, modes.values().stream().mapToInt(Integer::intValue).min().orElse(0)));
        for (NotMeasured n : notMeasured) settled.add(key(n.benchmark(), n.params().asMap()));
    }

    static SlotResults fresh(ResultsFolder.Target folder, boolean trimHistograms) {
        SlotResults s = new SlotResults(folder, trimHistograms, new JsonArray(), List.of());
        s.write();
        return s;
    }

    /** Continues what an earlier run of the same folder left. */
    static SlotResults continuing(ResultsFolder.Target folder, boolean trimHistograms) {
        return new SlotResults(folder, trimHistograms, folder.readResultEntries(), folder.readNotMeasured());
    }

    /**
     * The system properties a fork of round {@code round} gets: which round it is, where to append what
     * reached the target's block devices ({@link io.durabench.results.DeviceLog}: on every target, where
     * tmpfs's forks record why there is nothing) and where to append its call latencies
     * ({@link io.durabench.results.CallLatencyLog}). No call latencies on a target without stable storage:
     * a sync there is a no-op no SLO can be judged on, and its rows (the cheapest of all, a few µs) stay
     * free of the timing's clock reads.
     */
    List<String> forkProperties(int round, boolean stableStorage) {
        List<String> properties = new ArrayList<>(List.of("-D" + CallLatencyLog.ROUND_PROPERTY + "=" + round,
                "-D" + DeviceLog.FILE_PROPERTY + "=" + folder.deviceLog().toAbsolutePath()));
        if (stableStorage) properties.add("-D" + CallLatencyLog.FILE_PROPERTY + "=" + folder.callLatencyLog().toAbsolutePath());
        return properties;
    }

    /** True when this cell is n/a or FAILED here: no round measures it again. */
    synchronized boolean settled(Cell cell) {
        return settled.contains(key(cell));
    }

    /** Rounds this cell has measured here (a resumed run continues after them). */
    synchronized int rounds(Cell cell) {
        return rounds.getOrDefault(key(cell), 0);
    }

    /** True when this cell needs nothing more in round {@code round} (0-based): n/a, FAILED, or measured that often. */
    synchronized boolean has(Cell cell, int round) {
        return settled(cell) || rounds(cell) > round;
    }

    /** Adds one round of a cell's JMH results and rewrites the files; returns that round's entries as the report will read them. */
    synchronized List<BenchmarkResult> measured(Cell cell, JsonArray added) {
        if (closed) return List.of();
        for (JsonElement e : added) {
            if (trimHistograms) HistogramTrimmer.trim((JsonObject) e);
            entries.add(e);
        }
        rounds.merge(key(cell), 1, Integer::sum);
        write();
        return JmhJsonReader.read(added, folder.dir());
    }

    /** The cell is n/a or FAILED: recorded, and any numbers of its earlier rounds removed (a failure yields no number). */
    synchronized void notMeasured(Cell cell, NotMeasured.Kind kind, String reason) {
        if (closed) return;
        notMeasured.add(new NotMeasured(cell.benchmark().jmhName(), JmhParams.of(cell.jmhParams()), kind, reason));
        String k = key(cell);
        for (int i = entries.size() - 1; i >= 0; i--) if (key((JsonObject) entries.get(i)).equals(k)) entries.remove(i);
        rounds.remove(k);
        settled.add(k);
        write();
    }

    /** No more writes: a run being interrupted keeps what is on disk and records nothing half-done. */
    synchronized void close() {
        closed = true;
    }

    synchronized List<BenchmarkResult> results() {
        return JmhJsonReader.read(entries, folder.dir());
    }

    synchronized List<NotMeasured> notMeasuredCells() {
        return List.copyOf(notMeasured);
    }

    synchronized boolean anyFailed() {
        return notMeasured.stream().anyMatch(NotMeasured::failed);
    }

    private void write() {
        folder.writeResults(entries);
        folder.writeNotMeasured(notMeasured);
    }

    private static String key(Cell cell) {
        return key(cell.benchmark().jmhName(), cell.jmhParams());
    }

    private static String key(JsonObject entry) {
        Map<String, String> params = new java.util.TreeMap<>();
        if (entry.get("params") instanceof JsonObject p) for (String n : p.keySet()) params.put(n, p.get(n).getAsString());
        return key(entry.get("benchmark").getAsString(), params);
    }

    /** A cell's identity across files: benchmark and params, order-free. */
    private static String key(String benchmark, Map<String, String> params) {
        return benchmark + "|" + new java.util.TreeMap<>(params);
    }

    /** The typed cell of a result entry (for the summary). */
    static Cell cellOf(BenchmarkResult r) {
        return Catalogue.cell(r.benchmark(), new LinkedHashMap<>(r.params().asMap())).orElseThrow(
                () -> new IllegalStateException(r.benchmark() + " is not in the benchmark catalogue"));
    }
}
