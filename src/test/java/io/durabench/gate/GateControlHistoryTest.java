package io.durabench.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.compare.Verdict;
import io.durabench.results.ResultsLoader;
import io.durabench.results.RunManifest;
import io.durabench.testing.Evidence;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The ratio rule on the committed series (scripts/gate-control-series.sh: results/gate-control-LABEL/):
 * every build judged again from the committed history, exactly as the gate judged it (its gate.json's
 * verdicts), and what the issue promised of it: 10 builds in a row with nothing changed pass; the jar
 * with a slowdown of the Java side fails on the ratio, naming the rows; ext4 with data=journal fails
 * the absolute rule; a slowdown of the ratio as large as the stated "flags at", added to each quiet
 * build's real ratios, is flagged in about 80% of them (the stated power, on real recorded data).
 */
@Evidence
class GateControlHistoryTest {
    private static final Path RESULTS = Path.of("results");
    private static final double ALPHA = 0.01, ABSOLUTE_THRESHOLD = 5, RATIO_THRESHOLD = 1;

    /** A committed build: its run folder (in the history when admitted, else in rejected/) and the gate's recorded JSON. */
    private record Build(String name, Path folder, RunManifest manifest, JsonObject gate) {
    }

    private static List<Path> series() throws IOException {
        try (Stream<Path> s = Files.list(RESULTS)) {
            List<Path> dirs = s.filter(p -> p.getFileName().toString().startsWith("gate-control-") && Files.isDirectory(p.resolve("history")))
                    .sorted().toList();
            assumeTrue(!dirs.isEmpty(), "no committed gate-control series: scripts/gate-control-series.sh makes them");
            return dirs;
        }
    }

    private static Build build(Path series, String name) throws IOException {
        Path folder = Files.isDirectory(series.resolve("history").resolve(name)) ? series.resolve("history").resolve(name)
                : series.resolve("rejected").resolve(name);
        Path json = series.resolve("gate").resolve(name + ".json");
        JsonObject gate = Files.isRegularFile(json) ? JsonParser.parseString(Files.readString(json)).getAsJsonObject() : null;
        return new Build(name, folder, RunManifest.read(folder.resolve("run.json")), gate);
    }

    private static RunValues values(Build b) {
        return RunValues.of(b.folder().toString(), ResultsLoader.load(List.of(b.folder())), b.manifest().options().control() != null);
    }

    /** The history as it stood when {@code b} ran: the admitted runs that started before it (the newest 20). */
    private static List<RunValues> historyBefore(Path series, Build b) {
        List<RunValues> past = new ArrayList<>();
        for (History.Run r : new History(series.resolve("history")).runs()) {
            if (r.manifest().started().compareTo(b.manifest().started()) < 0) past.add(RunValues.of(r.folder().toString(),
                    ResultsLoader.load(List.of(r.folder())), r.manifest().options().control() != null));
        }
        return past.subList(Math.max(0, past.size() - 20), past.size());
    }

    private record Judged(List<JudgedRow> ratio, List<JudgedRow> absolute) {
        long ratioCount(Verdict v) {
            return ratio.stream().filter(r -> r.verdict() == v).count();
        }

        long absoluteCount(Verdict v) {
            return absolute.stream().filter(r -> r.verdict() == v).count();
        }
    }

    private static Judged judge(List<RunValues> past, RunValues now) {
        return new Judged(new HistoryJudge(ALPHA, RATIO_THRESHOLD).judge(past.stream().map(RunValues::ratios).toList(), now.ratios()),
                new HistoryJudge(ALPHA, ABSOLUTE_THRESHOLD).judge(past, now));
    }

    /** The verdicts the gate recorded, by row and rule ("ratio" or "absolute"). */
    private static Map<String, String> recorded(JsonObject gate, String rule) {
        Map<String, String> out = new LinkedHashMap<>();
        for (JsonElement e : gate.getAsJsonArray("rows")) {
            JsonObject row = e.getAsJsonObject();
            if (row.get(rule).isJsonObject()) out.put(row.get("row").getAsString(), row.getAsJsonObject(rule).get("verdict").getAsString());
        }
        return out;
    }

    private static Map<String, String> verdicts(List<JudgedRow> rows) {
        Map<String, String> out = new LinkedHashMap<>();
        for (JudgedRow r : rows) out.put(r.key().name(), r.judged() ? r.verdict().name().toLowerCase(Locale.ROOT) : "not judged");
        return out;
    }

    @Test
    void tenQuietBuildsPassAndEachIsJudgedAsTheGateJudgedIt() throws IOException {
        for (Path series : series()) {
            for (int i = 6; i <= 15; i++) {
                Build b = build(series, String.format(Locale.ROOT, "build-%02d", i));
                Judged j = judge(historyBefore(series, b), values(b));
                assertEquals(recorded(b.gate(), "ratio"), verdicts(j.ratio()), series + " " + b.name() + ": the ratio rule as the gate judged it");
                assertEquals(recorded(b.gate(), "absolute"), verdicts(j.absolute()), series + " " + b.name() + ": the absolute rule");
                // Passing is what a quiet build must do (exit 0: no regression). An improvement flagged is a false alarm the
                // other way, which passes the build and keeps the run out of the history: printed, counted in the note
                // (lab ext4 builds 08, 10, 11 and 13: O_DSYNC's ratio -1.9 to -3.0%, outside a history of 5 that had read it at +-0.6%).
                assertEquals(0, j.ratioCount(Verdict.REGRESSION), series + " " + b.name() + ": nothing changed, yet the ratio rule flagged "
                        + verdicts(j.ratio()));
                assertEquals(0, b.gate().get("exitCode").getAsInt(), series + " " + b.name() + ": the build passed");
                if (j.ratioCount(Verdict.IMPROVEMENT) > 0) System.out.println(series.getFileName() + " " + b.name() + ": improvement flagged " + verdicts(j.ratio()));
                assertTrue(j.ratio().size() >= 4 && j.ratio().stream().allMatch(JudgedRow::judged), series + " " + b.name() + ": every row has a ratio");
            }
        }
    }

    @Test
    void aJarThatSlowsTheJavaSideFailsOnTheRatioNamingTheRows() throws IOException {
        for (Path series : series()) {
            List<Path> slow;
            try (Stream<Path> s = Files.list(series.resolve("rejected"))) {
                slow = s.filter(p -> p.getFileName().toString().startsWith("slowdown-")).toList();
            }
            assertEquals(1, slow.size(), series + ": one slowdown build");
            Build b = build(series, slow.get(0).getFileName().toString());
            Judged j = judge(historyBefore(series, b), values(b));
            assertEquals(recorded(b.gate(), "ratio"), verdicts(j.ratio()), series + " " + b.name());
            assertTrue(j.ratioCount(Verdict.REGRESSION) > 0, series + " " + b.name() + ": " + verdicts(j.ratio()));
            assertEquals(1, b.gate().get("exitCode").getAsInt(), series + " " + b.name() + ": the build failed");
        }
    }

    @Test
    void ext4WithDataJournalFailsTheAbsoluteRule() throws IOException {
        Path series = RESULTS.resolve("gate-control-lab-ext4");
        assumeTrue(Files.isDirectory(series.resolve("rejected").resolve("ext4-journal")), "no ext4-journal build committed");
        Build b = build(series, "ext4-journal");
        Judged j = judge(historyBefore(series, b), values(b));
        assertEquals(recorded(b.gate(), "absolute"), verdicts(j.absolute()));
        assertTrue(j.absoluteCount(Verdict.REGRESSION) > 0, "data=journal: " + verdicts(j.absolute()));
        assertEquals(1, build(series, "ext4-journal-fail-on-absolute").gate().get("exitCode").getAsInt(), "with --fail-on absolute the build fails");
    }

    /**
     * The stated "flags at" kept on real data: each quiet build's ratios, one row at a time moved up by
     * that row's stated "flags at", judged against the history before it; flagged in about the 80% the
     * statement promises (at least 60% over the 40 row-builds of a series: 0.8 less three standard errors).
     */
    @Test
    void aSlowdownOfTheStatedFlagsAtIsFlaggedAboutFourTimesInFive() throws IOException {
        for (Path series : series()) {
            int trials = 0, flagged = 0;
            double worstFlagsAt = 0;
            for (int i = 6; i <= 15; i++) {
                Build b = build(series, String.format(Locale.ROOT, "build-%02d", i));
                List<RunValues> past = historyBefore(series, b);
                RunValues now = values(b);
                HistoryJudge ratioJudge = new HistoryJudge(ALPHA, RATIO_THRESHOLD);
                List<JudgedRow> base = ratioJudge.judge(past.stream().map(RunValues::ratios).toList(), now.ratios());
                for (JudgedRow row : base) {
                    if (i == 6) worstFlagsAt = Math.max(worstFlagsAt, row.detectablePercent());
                    Map<String, RunValues.Value> moved = new HashMap<>(now.ratios().rows());
                    RunValues.Value v = moved.get(row.key().id());
                    moved.put(row.key().id(), new RunValues.Value(v.key(), v.unit(), v.direction(), v.logMean() + Math.log1p(row.detectablePercent() / 100),
                            v.forks()));
                    List<JudgedRow> j = ratioJudge.judge(past.stream().map(RunValues::ratios).toList(), new RunValues("moved", moved));
                    trials++;
                    if (j.stream().anyMatch(x -> x.key().id().equals(row.key().id()) && x.verdict() == Verdict.REGRESSION)) flagged++;
                }
            }
            double rate = flagged / (double) trials;
            System.out.printf(Locale.ROOT, "%s: a slowdown of the stated 'flags at' flagged in %d of %d row-builds (%.2f); after 5 builds the ratio rows"
                    + " flag at +%.1f%% at worst%n", series.getFileName(), flagged, trials, rate, worstFlagsAt);
            assertTrue(rate >= 0.60, series + ": flagged in " + rate + " of row-builds at the stated 'flags at'");
        }
    }
}
