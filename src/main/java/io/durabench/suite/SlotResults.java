package io.durabench.suite;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.results.BenchmarkResult;
import io.durabench.results.HistogramTrimmer;
import io.durabench.results.JmhJsonReader;
import io.durabench.results.JmhParams;
import io.durabench.results.JmhResultsFile;
import io.durabench.results.NotMeasured;
import io.durabench.results.ResultsFolder;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openjdk.jmh.results.RunResult;

/**
 * What one target measured on one JVM, kept on disk as it grows: after every cell jmh-result.json
 * (every finished cell's JMH entries) and not-applicable.json (n/a and failed) are rewritten
 * whole and atomically, so an interrupted run loses at most the cell it was in. A resumed run
 * starts from what the folder already holds.
 */
final class SlotResults {
    private final ResultsFolder.Target folder;
    private final boolean trimHistograms;
    private final JsonArray entries;
    private final List<NotMeasured> notMeasured;
    private final Set<String> done = new HashSet<>();
    private boolean closed;

    private SlotResults(ResultsFolder.Target folder, boolean trimHistograms, JsonArray entries, List<NotMeasured> notMeasured) {
        this.folder = folder;
        this.trimHistograms = trimHistograms;
        this.entries = entries;
        this.notMeasured = new ArrayList<>(notMeasured);
        for (BenchmarkResult r : JmhJsonReader.read(entries, folder.dir())) done.add(key(r.benchmark(), r.params().asMap()));
        for (NotMeasured n : notMeasured) done.add(key(n.benchmark(), n.params().asMap()));
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

    /** True when this cell already has a number, an n/a or a failure here (a resumed run skips it). */
    synchronized boolean has(Cell cell) {
        return done.contains(key(cell.benchmark().jmhName(), cell.jmhParams()));
    }

    /** Adds a cell's JMH results and rewrites the files; returns the entries as the report will read them. */
    synchronized List<BenchmarkResult> measured(Cell cell, Collection<RunResult> results) {
        if (closed) return List.of();
        JsonArray added = JmhResultsFile.entries(results);
        for (JsonElement e : added) {
            if (trimHistograms) HistogramTrimmer.trim((JsonObject) e);
            entries.add(e);
        }
        done.add(key(cell.benchmark().jmhName(), cell.jmhParams()));
        write();
        return JmhJsonReader.read(added, folder.dir());
    }

    synchronized void notMeasured(Cell cell, NotMeasured.Kind kind, String reason) {
        if (closed) return;
        notMeasured.add(new NotMeasured(cell.benchmark().jmhName(), JmhParams.of(cell.jmhParams()), kind, reason));
        done.add(key(cell.benchmark().jmhName(), cell.jmhParams()));
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
