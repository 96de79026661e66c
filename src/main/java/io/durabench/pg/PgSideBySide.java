package io.durabench.pg;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The side-by-side table of scripts/pg-side-by-side.sh's folder: pg_test_fsync's runs
 * ({@code pg_test_fsync-N.txt}) and `durabench pg`'s ({@code durabench-pg-N.txt}), line by line:
 * pg_test_fsync's range over its runs, widened by 10% either way (an exact tool lands inside a 3-run
 * range only 3 times in 4), and whether every durabench run's usecs/op lies inside it. The wall
 * times come from {@code wall.tsv} (tool, run, seconds).
 */
public final class PgSideBySide {
    static final double WIDEN = 0.10;

    private PgSideBySide() {
    }

    public static List<String> markdown(Path folder) {
        List<Map<String, PgOutput.Line>> pg = read(folder, "pg_test_fsync-"), db = read(folder, "durabench-pg-");
        if (pg.isEmpty() || db.isEmpty()) {
            throw new IllegalArgumentException(folder + " holds no pg_test_fsync-N.txt or no durabench-pg-N.txt: run scripts/pg-side-by-side.sh into it first");
        }
        Set<String> keys = new LinkedHashSet<>();
        db.forEach(m -> keys.addAll(m.keySet()));
        pg.forEach(m -> keys.addAll(m.keySet()));
        List<String> out = new ArrayList<>();
        out.add("| section / line | pg_test_fsync usecs/op (" + pg.size() + " runs) | range ±10% | durabench pg usecs/op [99.9% interval] ("
                + db.size() + " runs) | inside | else its interval reaches the range |");
        out.add("|---|---|---|---|---|---|");
        int inside = 0, compared = 0, reached = 0;
        for (String key : keys) {
            double[] p = pg.stream().map(m -> m.get(key)).filter(l -> l != null && l.measured()).mapToDouble(PgOutput.Line::micros).toArray();
            List<PgOutput.Line> d = db.stream().map(m -> m.get(key)).filter(l -> l != null).toList();
            String pgText = p.length == 0 ? words(pg, key) : join(p);
            String dbText = d.stream().map(l -> l.measured() ? num(l.micros()) + (Double.isNaN(l.low()) ? "" : " [" + num(l.low()) + ", " + num(l.high()) + "]")
                    : l.word()).reduce((a, b) -> a + "; " + b).orElse("-");
            String range = "-", verdict = "-", reaches = "-";
            double[] dm = d.stream().filter(PgOutput.Line::measured).mapToDouble(PgOutput.Line::micros).toArray();
            if (p.length > 0 && dm.length > 0) {
                double lo = Arrays.stream(p).min().orElseThrow() * (1 - WIDEN), hi = Arrays.stream(p).max().orElseThrow() * (1 + WIDEN);
                range = num(lo) + "–" + num(hi);
                long in = Arrays.stream(dm).filter(x -> x >= lo && x <= hi).count();
                verdict = in == dm.length ? "yes" : "**" + in + " of " + dm.length + "**";
                // A run outside whose own interval still overlaps the range disagrees by less than its measured uncertainty.
                List<PgOutput.Line> outside = d.stream().filter(PgOutput.Line::measured).filter(l -> l.micros() < lo || l.micros() > hi).toList();
                long covered = outside.stream().filter(l -> !Double.isNaN(l.low()) && l.low() <= hi && l.high() >= lo).count();
                reaches = outside.isEmpty() ? "" : covered + " of " + outside.size();
                compared++;
                if (in == dm.length) inside++;
                else if (covered == outside.size()) reached++;
            }
            out.add("| " + key + " | " + pgText + " | " + range + " | " + dbText + " | " + verdict + " | " + reaches + " |");
        }
        out.add("");
        out.add(String.format(Locale.ROOT, "%d of %d lines with numbers from both tools: every durabench run inside pg_test_fsync's range ±10%%;"
                + " %d more: every run outside has a 99.9%% interval that reaches the range.", inside, compared, reached));
        Path wall = folder.resolve("wall.tsv");
        if (Files.exists(wall)) out.add("Wall time (s): " + wallTimes(wall));
        return out;
    }

    private static List<Map<String, PgOutput.Line>> read(Path folder, String prefix) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().startsWith(prefix) && f.toString().endsWith(".txt")).sorted()
                    .map(f -> PgOutput.parse(lines(f))).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + folder + ": " + e.getMessage(), e);
        }
    }

    private static List<String> lines(Path f) {
        try {
            return Files.readAllLines(f);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + f + ": " + e.getMessage(), e);
        }
    }

    private static String wallTimes(Path wall) {
        Map<String, List<String>> byTool = new java.util.TreeMap<>();
        for (String l : lines(wall)) {
            String[] f = l.split("\t");
            if (f.length == 3) byTool.computeIfAbsent(f[0], k -> new ArrayList<>()).add(f[2]);
        }
        return byTool.entrySet().stream().map(e -> e.getKey() + " " + String.join(", ", e.getValue())).reduce((a, b) -> a + "; " + b).orElse("-");
    }

    private static String words(List<Map<String, PgOutput.Line>> runs, String key) {
        return runs.stream().map(m -> m.get(key)).map(l -> l == null ? "(not printed)" : l.word()).distinct().reduce((a, b) -> a + "/" + b).orElse("-");
    }

    private static String join(double[] x) {
        return String.join(", ", Arrays.stream(x).mapToObj(PgSideBySide::num).toList());
    }

    private static String num(double us) {
        return us >= 100 ? String.format(Locale.ROOT, "%,.0f", us) : String.format(Locale.ROOT, "%.1f", us);
    }
}
