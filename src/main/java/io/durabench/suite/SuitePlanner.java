package io.durabench.suite;

import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.openjdk.jmh.annotations.Mode;

/**
 * Turns a profile into concrete benchmark cells for one target directory. Axes that do not apply
 * to a method are not crossed with it (a batch size means nothing to O_DSYNC, whose every write
 * is synchronous), so the plan never asks for a combination that is meaningless by definition.
 * A user's "-p name=v1,v2" replaces the profile's values of that axis. Group commit (committers
 * 1..16, record 128 B and 8 KiB, commit delay 0 and 100 µs, and each-syncs-alone) is in standard
 * and full; quick is pg_test_fsync's table only.
 */
public final class SuitePlanner {
    public static final String SYNC_WRITE = "io.durabench.bench.SyncWriteCost.writeBlock";
    public static final String PG_EQUIVALENT = "io.durabench.bench.PgTestFsyncEquivalent.rewriteFirstBlock";
    public static final String FILE_CREATE = "io.durabench.bench.FileCreateCost.createWriteSync";
    public static final String GROUP_COMMIT = "io.durabench.bench.GroupCommit.groupCommit";
    public static final String COMMIT_ALONE = "io.durabench.bench.GroupCommit.eachSyncsAlone";
    public static final String TARGET_DIR = "targetDir";
    /** Group commit is about commits/s summed over committers and the latency each one sees. */
    static final List<Mode> GROUP_COMMIT_MODES = List.of(Mode.Throughput, Mode.SampleTime);
    static final List<String> ALL_COMMITTERS = List.of("1", "2", "4", "8", "16");

    static final List<String> ALL_BLOCK_SIZES = List.of("512", "4096", "8192", "16384", "65536");
    static final List<String> ALL_BATCHES = List.of("1", "10", "100");
    static final String CENTRE_BLOCK = "8192";

    private final Function<String, Optional<List<String>>> userParams;

    /** @param userParams the values a user passed with -p for a parameter name, if any */
    public SuitePlanner(Function<String, Optional<List<String>>> userParams) {
        this.userParams = userParams;
    }

    public List<BenchmarkCell> plan(Profile profile, Path dir) {
        Set<BenchmarkCell> cells = new LinkedHashSet<>();
        String target = dir.toString();
        for (SyncMethod m : axis("syncMethod", names(SyncMethod.values())).stream().map(SyncMethod::valueOf).toList()) {
            List<String> batches = m.hasExplicitSync() ? ALL_BATCHES : List.of("1");
            List<String> preallocs = m.api() == SyncMethod.Api.MMAP ? List.of("NONE") : names(Preallocation.values());
            switch (profile) {
                case QUICK -> addSyncWrites(cells, target, m, List.of(CENTRE_BLOCK),
                        m.hasExplicitSync() ? List.of("1", "100") : List.of("1"),
                        m.api() == SyncMethod.Api.MMAP ? List.of("NONE") : List.of("NONE", "ZERO_FILL"));
                case STANDARD -> {
                    // One axis at a time around the centre (8 KiB, batch 1, append).
                    addSyncWrites(cells, target, m, ALL_BLOCK_SIZES, List.of("1"), List.of("NONE"));
                    addSyncWrites(cells, target, m, List.of(CENTRE_BLOCK), batches, List.of("NONE"));
                    addSyncWrites(cells, target, m, List.of(CENTRE_BLOCK), List.of("1"), preallocs);
                }
                case FULL -> addSyncWrites(cells, target, m, ALL_BLOCK_SIZES, batches, preallocs);
            }
        }
        for (String pg : axis("pgMethod", names(PgTestFsyncLoop.Method.values()))) {
            cells.add(new BenchmarkCell(PG_EQUIVALENT, ordered(TARGET_DIR, target, "pgMethod", pg)));
        }
        for (String syncDir : axis("syncDirectory", List.of("false", "true"))) {
            cells.add(new BenchmarkCell(FILE_CREATE, ordered(TARGET_DIR, target, "blockSizeBytes", CENTRE_BLOCK, "syncDirectory", syncDir)));
        }
        if (profile != Profile.QUICK) addGroupCommits(cells, target);
        return new ArrayList<>(cells);
    }

    /** One cell per committer count: JMH's thread count is a run option, and committers must equal it. */
    private void addGroupCommits(Set<BenchmarkCell> cells, String target) {
        for (String committers : axis("committers", ALL_COMMITTERS)) {
            int threads = Integer.parseInt(committers);
            for (String record : axis("recordSizeBytes", List.of("128", "8192"))) {
                for (String delay : axis("commitDelayMicros", List.of("0", "100"))) {
                    cells.add(new BenchmarkCell(GROUP_COMMIT, ordered(TARGET_DIR, target, "committers", committers,
                            "recordSizeBytes", record, "commitDelayMicros", delay), threads, GROUP_COMMIT_MODES));
                }
                cells.add(new BenchmarkCell(COMMIT_ALONE, ordered(TARGET_DIR, target, "committers", committers,
                        "recordSizeBytes", record), threads, GROUP_COMMIT_MODES));
            }
        }
    }

    private void addSyncWrites(Set<BenchmarkCell> cells, String target, SyncMethod m,
                               List<String> blocks, List<String> batches, List<String> preallocs) {
        for (String block : axis("blockSizeBytes", blocks)) {
            for (String batch : axis("writesPerSync", batches)) {
                for (String prealloc : axis("preallocation", preallocs)) {
                    cells.add(new BenchmarkCell(SYNC_WRITE, ordered(TARGET_DIR, target, "syncMethod", m.name(),
                            "blockSizeBytes", block, "writesPerSync", batch, "preallocation", prealloc)));
                }
            }
        }
    }

    private List<String> axis(String name, List<String> profileValues) {
        return userParams.apply(name).orElse(profileValues);
    }

    private static Map<String, String> ordered(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put(kv[i], kv[i + 1]);
        return m;
    }

    private static List<String> names(Enum<?>[] values) {
        return Arrays.stream(values).map(Enum::name).toList();
    }
}
