package io.durabench.pg;

import io.durabench.workload.PgFdSyncLoop;
import io.durabench.workload.PgOpenSyncLoop;
import io.durabench.workload.PgTestFsyncLoop;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * pg_test_fsync 15's five sections, their titles and lines in its order (src/bin/pg_test_fsync:
 * test_sync(1), test_sync(2), test_open_syncs, test_file_descriptor_sync, test_non_sync).
 */
public final class PgSections {
    /** pg_test_fsync's words where a method does not exist on the platform. */
    static final String WRITETHROUGH_NA = "Linux has no fsync_writethrough (it exists on Windows and macOS)";
    /** pg_test_fsync's footnote for "n/a*". */
    public static final String DIRECT_IO_FOOTNOTE = "* This file system and its mount options do not support direct I/O,\n  e.g. ext4 in journaled mode.";

    /** One section: its heading lines and its lines; {@code directFootnote} when pg_test_fsync prints "n/a*"'s footnote after it. */
    public record Section(List<String> heading, List<PgLine> lines, boolean directFootnote) {
    }

    public static final List<Section> ALL = sections();

    private PgSections() {
    }

    private static List<Section> sections() {
        List<Section> s = new ArrayList<>();
        String preference = "(in wal_sync_method preference order, except fdatasync is Linux's default)";
        s.add(new Section(List.of("Compare file sync methods using one 8kB write:", preference), syncMethods("one"), true));
        s.add(new Section(List.of("Compare file sync methods using two 8kB writes:", preference), syncMethods("two"), true));
        List<PgLine> sizes = new ArrayList<>();
        for (PgOpenSyncLoop.Size z : PgOpenSyncLoop.Size.values()) {
            sizes.add(new PgLine("size/" + z.name(), z.label(), Optional.empty(), true, true));
        }
        s.add(new Section(List.of("Compare open_sync with different write sizes:",
                "(This is designed to compare the cost of writing 16kB in different write", "open_sync sizes.)"), sizes, true));
        List<PgLine> fd = new ArrayList<>();
        for (PgFdSyncLoop.Descriptor d : PgFdSyncLoop.Descriptor.values()) {
            fd.add(new PgLine("fd/" + d.name(), d.label(), Optional.empty(), false, true));
        }
        s.add(new Section(List.of("Test if fsync on non-write file descriptor is honored:",
                "(If the times are similar, fsync() can sync data written on a different", "descriptor.)"), fd, false));
        s.add(new Section(List.of("Non-sync'ed 8kB writes:"), List.of(new PgLine("write", "write", Optional.empty(), false, false)), false));
        return List.copyOf(s);
    }

    private static List<PgLine> syncMethods(String section) {
        List<PgLine> lines = new ArrayList<>();
        for (PgTestFsyncLoop.Method m : PgTestFsyncLoop.Method.values()) {
            if (m == PgTestFsyncLoop.Method.WRITE) continue;
            if (m == PgTestFsyncLoop.Method.OPEN_SYNC) {
                lines.add(new PgLine(section + "/WRITETHROUGH", "fsync_writethrough", Optional.of(WRITETHROUGH_NA), false, true));
            }
            lines.add(new PgLine(section + "/" + m.name(), m.label(), Optional.empty(), m.usesDirectIo(), true));
        }
        return lines;
    }

    /** Every line, in pg_test_fsync's order. */
    public static List<PgLine> lines() {
        return ALL.stream().flatMap(x -> x.lines().stream()).toList();
    }

    /** The lines that measure something (pg_test_fsync's timed tests: 16 on Linux). */
    public static List<PgLine> measurable() {
        return lines().stream().filter(l -> l.naByDesign().isEmpty()).toList();
    }
}
