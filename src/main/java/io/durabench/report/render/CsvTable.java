package io.durabench.report.render;

import io.durabench.catalogue.BenchmarkFamily;
import io.durabench.catalogue.Catalogue;
import io.durabench.format.Fmt;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The kinds of CSV table a report writes, one file each (report-KIND.csv): rows of one kind share
 * their parameters, so every parameter can be its own column under one header. Families that
 * answer the same question share a table (pg_test_fsync's four); a family not listed here is a
 * bug that CsvTablesTest names. OTHER holds the rows JMH reported without durabench meaning.
 */
public enum CsvTable {
    SYNC_WRITE(Catalogue.SYNC_WRITE_COST),
    PG(Catalogue.PG_TEST_FSYNC, Catalogue.PG_TWO_WRITES, Catalogue.PG_OPEN_SYNC_SIZES, Catalogue.PG_FSYNC_DESCRIPTOR),
    FILE_CREATE(Catalogue.FILE_CREATE),
    GROUP_COMMIT(Catalogue.GROUP_COMMIT),
    OTHER,
    /** The run's methods against its reference in lock-step, per target (not a family's rows: {@link LockStepFields}). */
    LOCK_STEP;

    private final List<BenchmarkFamily> families;

    CsvTable(BenchmarkFamily... families) {
        this.families = List.of(families);
    }

    /** The name `--table` takes and the file name carries: "sync-write". */
    public String id() {
        return Fmt.id(this);
    }

    /** report-sync-write.csv, ... report-other.csv. */
    public String fileName() {
        return "report-" + id() + ".csv";
    }

    public List<BenchmarkFamily> families() {
        return families;
    }

    /** The table a durabench family's rows go to. */
    public static CsvTable of(BenchmarkFamily family) {
        for (CsvTable t : values()) {
            if (t == LOCK_STEP) continue;
            if (t.families.contains(family)) return t;
        }
        throw new IllegalStateException(family.simpleName() + " has no CSV table: add it to one in CsvTable");
    }

    /** The table named {@code id} (case-insensitive); an unknown name lists the known ones. */
    public static CsvTable parse(String id) {
        for (CsvTable t : values()) {
            if (t.id().equals(id.trim().toLowerCase(Locale.ROOT))) return t;
        }
        throw new IllegalArgumentException("--table " + id + ": no such table; use one of " + ids(Arrays.asList(values()), ", "));
    }

    /** "sync-write|group-commit": the ids joined, for messages. */
    public static String ids(List<CsvTable> tables, String separator) {
        return tables.stream().map(CsvTable::id).collect(Collectors.joining(separator));
    }
}
