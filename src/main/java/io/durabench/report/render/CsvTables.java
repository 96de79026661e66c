package io.durabench.report.render;

import io.durabench.output.CsvRenderer;
import io.durabench.output.Field;
import io.durabench.catalogue.Benchmark;
import io.durabench.catalogue.BenchmarkFamily;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.Parameter;
import io.durabench.report.GroupCommitRow;
import io.durabench.report.PlainRow;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The report as tidy CSV: one table per {@link CsvTable} kind, each with one header, a row per
 * report row and a column per parameter. The columns are the row type's field list
 * ({@link RowFields}, the same report.json is written from) with its packed "params" replaced by
 * one column per parameter the catalogue gives the table's benchmarks, so a table's header is the
 * same in every run, whichever cells it measured (a cell that does not fix a parameter leaves its
 * column empty). Other JMH rows get a column per parameter name their results carry.
 */
public final class CsvTables {
    private CsvTables() {
    }

    /** The tables this report has rows for, in {@link CsvTable} order. */
    public static List<CsvTable> present(Report report) {
        List<CsvTable> out = new ArrayList<>();
        for (CsvTable t : CsvTable.values()) {
            boolean has = switch (t) {
                case GROUP_COMMIT -> !report.groupCommitRows().isEmpty();
                case OTHER -> !report.plainRows().isEmpty();
                case LOCK_STEP -> !report.references().isEmpty();
                default -> report.rows().stream().anyMatch(r -> CsvTable.of(r.cell().family()) == t);
            };
            if (has) out.add(t);
        }
        return out;
    }

    /** One table as CSV text (a header only when the report has no row of it). */
    public static String render(Report report, CsvTable table) {
        return switch (table) {
            case GROUP_COMMIT -> CsvRenderer.csv(groupCommitFields(), report.groupCommitRows());
            case OTHER -> CsvRenderer.csv(otherFields(report.plainRows()), report.plainRows());
            case LOCK_STEP -> CsvRenderer.csv(LockStepFields.FIELDS, LockStepFields.rows(report));
            default -> CsvRenderer.csv(perWriteFields(table),
                    report.rows().stream().filter(r -> CsvTable.of(r.cell().family()) == table).toList());
        };
    }

    /**
     * The one table `report --format csv` prints on stdout: {@code requested} (a table id, or null),
     * or the only table there is. Several tables and none requested, a name that is no table, or a
     * table without rows here, is an {@link IllegalArgumentException} naming the tables present:
     * one stream holds one header, so pandas and R read it without options.
     */
    public static CsvTable chosen(Report report, String requested) {
        List<CsvTable> present = present(report);
        if (requested == null) {
            if (present.size() > 1) {
                throw new IllegalArgumentException("several tables: pick one with --table " + CsvTable.ids(present, "|")
                        + " (--out DIR writes each to its own report-KIND.csv)");
            }
            return present.isEmpty() ? CsvTable.SYNC_WRITE : present.get(0);
        }
        CsvTable t = CsvTable.parse(requested);
        if (!present.contains(t)) {
            throw new IllegalArgumentException("--table " + requested + ": these results have no " + t.id() + " rows; pick one of "
                    + CsvTable.ids(present, "|"));
        }
        return t;
    }

    /** SyncWriteCost's, the pg families' or FileCreateCost's columns. */
    static List<Field<ReportRow>> perWriteFields(CsvTable table) {
        return perParameter(RowFields.DURABENCH, ReportRow::cell, parameters(table));
    }

    static List<Field<GroupCommitRow>> groupCommitFields() {
        return perParameter(RowFields.GROUP_COMMIT, GroupCommitRow::cell, parameters(CsvTable.GROUP_COMMIT));
    }

    /** Other JMH rows: a column per parameter name their results carry (not the catalogue's: any benchmark's). */
    static List<Field<PlainRow>> otherFields(List<PlainRow> rows) {
        Set<String> names = new LinkedHashSet<>();
        rows.forEach(r -> names.addAll(r.params().asMap().keySet()));
        Set<String> fixed = new LinkedHashSet<>(RowFields.OTHER.stream().map(Field::key).toList());
        List<Field<PlainRow>> out = new ArrayList<>();
        for (Field<PlainRow> f : RowFields.OTHER) {
            if (f.kind() != Field.Kind.PARAMS) {
                out.add(f);
                continue;
            }
            // A foreign @Param called "mode" or "score" must not make two columns of one name.
            for (String n : names) out.add(Field.text(fixed.contains(n) ? "param_" + n : n, r -> r.params().get(n)));
        }
        return out;
    }

    /** Every parameter of the table's benchmarks, by name, in the catalogue's order. */
    static List<Parameter<?>> parameters(CsvTable table) {
        List<Parameter<?>> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (BenchmarkFamily family : table.families()) {
            for (Benchmark b : family.benchmarks()) {
                for (Parameter<?> p : b.parameters()) {
                    if (seen.add(p.name())) out.add(p);
                }
            }
        }
        return out;
    }

    /**
     * {@code fields} with the PARAMS field replaced by one per parameter; a parameter that already
     * has a field of its own name (group commit's committers, ...) keeps that one.
     */
    private static <R> List<Field<R>> perParameter(List<Field<R>> fields, Function<R, Cell> cellOf, List<Parameter<?>> params) {
        Set<String> keys = new LinkedHashSet<>(fields.stream().map(Field::key).toList());
        List<Field<R>> out = new ArrayList<>();
        for (Field<R> f : fields) {
            if (f.kind() != Field.Kind.PARAMS) {
                out.add(f);
                continue;
            }
            for (Parameter<?> p : params) {
                if (!keys.contains(p.name())) out.add(column(p, cellOf));
            }
        }
        return out;
    }

    /** A parameter's column: numbers and booleans as themselves, anything else as JMH's text ("FDATASYNC"). */
    private static <R> Field<R> column(Parameter<?> p, Function<R, Cell> cellOf) {
        String name = p.name();
        Function<R, Object> value = r -> {
            Cell c = cellOf.apply(r);
            Parameter<?> own = c.benchmark().parameter(name).orElse(null);
            if (own == null || !c.fixes(own)) return null;
            Object v = c.get(own);
            return v instanceof Number || v instanceof Boolean ? v : own.format(v);
        };
        if (Number.class.isAssignableFrom(p.type())) return Field.whole(name, value);
        if (p.type() == Boolean.class) return Field.bool(name, value);
        return Field.text(name, value);
    }
}
