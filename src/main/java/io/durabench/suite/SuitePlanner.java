package io.durabench.suite;

import io.durabench.catalogue.Benchmark;
import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.GroupCommitFamily;
import io.durabench.catalogue.InvalidValueException;
import io.durabench.catalogue.Parameter;
import io.durabench.catalogue.PgFsyncDescriptorFamily;
import io.durabench.catalogue.PgOpenSyncSizesFamily;
import io.durabench.catalogue.PgTestFsyncFamily;
import io.durabench.catalogue.FileCreateFamily;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.workload.PgFdSyncLoop;
import io.durabench.workload.PgOpenSyncLoop;
import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.groupcommit.GroupCommitConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Turns a profile into typed cells for one target directory. Axes that do not apply to a method
 * are not crossed with it (the catalogue says which: a batch size means nothing to O_DSYNC, whose
 * every write is synchronous), so the plan never asks for a combination that is meaningless by
 * definition. A user's "-p name=v1,v2" replaces the profile's values of that axis; a value the
 * parameter can never take is an {@link InvalidValueException} (a usage error). Group commit
 * (committers 1..16, record 128 B and 8 KiB, commit delay 0 and 100 µs, and each-syncs-alone) is
 * in standard and full; quick is pg_test_fsync's table only, and compare plans the same cells as quick.
 */
public final class SuitePlanner {
    static final List<Integer> ALL_COMMITTERS = List.of(1, 2, 4, 8, 16);
    static final List<Integer> ALL_BLOCK_SIZES = List.of(512, 4096, 8192, 16384, 65536);
    static final List<Integer> ALL_BATCHES = List.of(1, 10, 100);
    static final int CENTRE_BLOCK = 8192;

    private static final SyncWriteCostFamily SWC = Catalogue.SYNC_WRITE_COST;

    private final Function<String, Optional<List<String>>> userParams;

    /** @param userParams the text values a user passed with -p for a parameter name, if any */
    public SuitePlanner(Function<String, Optional<List<String>>> userParams) {
        this.userParams = userParams;
    }

    public List<Cell> plan(Profile profile, Path dir) {
        Set<Cell> cells = new LinkedHashSet<>();
        String target = dir.toString();
        for (SyncMethod m : axis(SyncWriteCostFamily.SYNC_METHOD, List.of(SyncMethod.values()))) {
            List<Integer> batches = SyncWriteCostFamily.acceptsBatching(m) ? ALL_BATCHES : List.of(1);
            List<Preallocation> preallocs = Arrays.stream(Preallocation.values())
                    .filter(p -> SyncWriteCostFamily.acceptsPreallocation(m, p)).toList();
            if (profile != Profile.FULL && !SyncWriteCostFamily.sweptByProfiles(m) || profile == Profile.COMPARE) {
                // The centre only: the JDK's other write APIs and the hand-offs in every profile but full;
                // every method in compare, whose forks make each cell twelve times as dear.
                addSyncWrites(cells, target, m, List.of(CENTRE_BLOCK), List.of(1), List.of(Preallocation.NONE));
                continue;
            }
            switch (profile) {
                case QUICK, COMPARE -> addSyncWrites(cells, target, m, List.of(CENTRE_BLOCK),
                        SyncWriteCostFamily.acceptsBatching(m) ? List.of(1, 100) : List.of(1),
                        preallocs.stream().filter(p -> p == Preallocation.NONE || p == Preallocation.ZERO_FILL).toList());
                case STANDARD -> {
                    // One axis at a time around the centre (8 KiB, batch 1, append).
                    addSyncWrites(cells, target, m, ALL_BLOCK_SIZES, List.of(1), List.of(Preallocation.NONE));
                    addSyncWrites(cells, target, m, List.of(CENTRE_BLOCK), batches, List.of(Preallocation.NONE));
                    addSyncWrites(cells, target, m, List.of(CENTRE_BLOCK), List.of(1), preallocs);
                }
                case FULL -> addSyncWrites(cells, target, m, ALL_BLOCK_SIZES, batches, preallocs);
            }
        }
        Benchmark pg = Catalogue.PG_TEST_FSYNC.rewriteFirstBlock();
        for (PgTestFsyncLoop.Method m : axis(PgTestFsyncFamily.PG_METHOD, List.of(PgTestFsyncLoop.Method.values()))) {
            cells.add(Cell.of(pg).with(Catalogue.TARGET_DIR, target).with(PgTestFsyncFamily.PG_METHOD, m));
        }
        if (profile == Profile.STANDARD || profile == Profile.FULL) addPgSections(cells, target);
        Benchmark create = Catalogue.FILE_CREATE.createWriteSync();
        for (boolean syncDir : axis(FileCreateFamily.SYNC_DIRECTORY, List.of(false, true))) {
            cells.add(Cell.of(create).with(Catalogue.TARGET_DIR, target).with(SyncWriteCostFamily.BLOCK_SIZE, CENTRE_BLOCK)
                    .with(FileCreateFamily.SYNC_DIRECTORY, syncDir));
        }
        // One no-op syscall: the per-call floor every row stands on (and what a JDK upgrade could move in it).
        cells.add(Cell.of(Catalogue.NATIVE_CALL_COST.getppid()));
        if (profile == Profile.STANDARD || profile == Profile.FULL) addGroupCommits(cells, target);
        return new ArrayList<>(cells);
    }

    /** pg_test_fsync's other sections: two writes per sync, open_sync write sizes, fsync through another descriptor. */
    private void addPgSections(Set<Cell> cells, String target) {
        for (PgTestFsyncLoop.Method m : axis(PgTestFsyncFamily.PG_METHOD, List.of(PgTestFsyncLoop.Method.values()))) {
            Cell c = Cell.of(Catalogue.PG_TWO_WRITES.rewriteTwoBlocks()).with(Catalogue.TARGET_DIR, target).with(PgTestFsyncFamily.PG_METHOD, m);
            if (c.family().invalidCombination(c).isEmpty()) cells.add(c);
        }
        for (PgOpenSyncLoop.Size z : axis(PgOpenSyncSizesFamily.WRITES, List.of(PgOpenSyncLoop.Size.values()))) {
            cells.add(Cell.of(Catalogue.PG_OPEN_SYNC_SIZES.write16k()).with(Catalogue.TARGET_DIR, target).with(PgOpenSyncSizesFamily.WRITES, z));
        }
        for (PgFdSyncLoop.Descriptor d : axis(PgFsyncDescriptorFamily.FSYNC_THROUGH, List.of(PgFdSyncLoop.Descriptor.values()))) {
            cells.add(Cell.of(Catalogue.PG_FSYNC_DESCRIPTOR.writeAndSync()).with(Catalogue.TARGET_DIR, target)
                    .with(PgFsyncDescriptorFamily.FSYNC_THROUGH, d));
        }
    }

    /**
     * One cell per committer count: JMH's thread count is a run option, and committers must equal it.
     * Method, preallocation and siblings are fixed too (FDATASYNC, ZERO_FILL, 1 unless -p says
     * otherwise), so every cell says exactly what it measured.
     */
    private void addGroupCommits(Set<Cell> cells, String target) {
        GroupCommitFamily gc = Catalogue.GROUP_COMMIT;
        List<SyncMethod> methods = groupableUserValues(GroupCommitFamily.SYNC_METHOD, List.of(SyncMethod.FDATASYNC));
        List<Preallocation> preallocs = groupableUserValues(GroupCommitFamily.PREALLOCATION, List.of(Preallocation.ZERO_FILL));
        for (int committers : axis(GroupCommitFamily.COMMITTERS, ALL_COMMITTERS)) {
            for (int record : axis(GroupCommitFamily.RECORD_SIZE, List.of(128, 8192))) {
                for (SyncMethod m : methods) {
                    for (Preallocation p : preallocs) {
                        for (long delay : axis(GroupCommitFamily.COMMIT_DELAY, List.of(0L, 100L))) {
                            for (int siblings : axis(GroupCommitFamily.COMMIT_SIBLINGS, List.of(1))) {
                                cells.add(groupCell(gc.groupCommit(), target, committers, record, m, p)
                                        .with(GroupCommitFamily.COMMIT_DELAY, delay).with(GroupCommitFamily.COMMIT_SIBLINGS, siblings));
                            }
                        }
                        cells.add(groupCell(gc.eachSyncsAlone(), target, committers, record, m, p));
                    }
                }
            }
        }
    }

    private static Cell groupCell(Benchmark b, String target, int committers, int record, SyncMethod m, Preallocation p) {
        return Cell.of(b).with(Catalogue.TARGET_DIR, target).with(GroupCommitFamily.COMMITTERS, committers)
                .with(GroupCommitFamily.RECORD_SIZE, record).with(GroupCommitFamily.SYNC_METHOD, m)
                .with(GroupCommitFamily.PREALLOCATION, p);
    }

    /**
     * -p syncMethod (and preallocation) name an axis that SyncWriteCost and GroupCommit share, but
     * group commit takes fewer values (GROUPABLE): it gets the user's values it can take, else its defaults.
     */
    private <E extends Enum<E>> List<E> groupableUserValues(Parameter<E> p, List<E> defaults) {
        Optional<List<String>> given = userParams.apply(p.name());
        if (given.isEmpty()) return defaults;
        List<E> accepted = given.get().stream().filter(v -> p.allowedValues().stream().anyMatch(a -> a.name().equals(v)))
                .map(p::parse).toList();
        return accepted.isEmpty() ? defaults : accepted;
    }

    private void addSyncWrites(Set<Cell> cells, String target, SyncMethod m,
                               List<Integer> blocks, List<Integer> batches, List<Preallocation> preallocs) {
        for (int block : axis(SyncWriteCostFamily.BLOCK_SIZE, blocks)) {
            for (int batch : axis(SyncWriteCostFamily.WRITES_PER_SYNC, batches)) {
                for (Preallocation prealloc : axis(SyncWriteCostFamily.PREALLOCATION, preallocs)) {
                    Cell c = Cell.of(SWC.writeBlock()).with(Catalogue.TARGET_DIR, target).with(SyncWriteCostFamily.SYNC_METHOD, m)
                            .with(SyncWriteCostFamily.BLOCK_SIZE, block).with(SyncWriteCostFamily.WRITES_PER_SYNC, batch)
                            .with(SyncWriteCostFamily.PREALLOCATION, prealloc);
                    // A user's -p can cross a method with a batch it cannot take: kept, the probe lists it as n/a with why.
                    cells.add(c);
                }
            }
        }
    }

    /** The profile's values of an axis, or the user's -p values parsed by the catalogue's parameter. */
    private <T> List<T> axis(Parameter<T> p, List<T> profileValues) {
        return userParams.apply(p.name()).map(texts -> texts.stream().map(p::parse).toList()).orElse(profileValues);
    }
}
