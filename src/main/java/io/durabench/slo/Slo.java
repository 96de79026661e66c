package io.durabench.slo;

import java.util.List;

/**
 * One service-level objective as parsed from {@code --slo}: a method, the cell parameters it names
 * (none: the family's centre cell), what it bounds, and the threshold (µs for a time, operations
 * per second for ops/s). Checked against the catalogue's words only; whether the results hold such
 * a method or cell is the judge's question (the report's {@code SloVerdicts}).
 *
 * @param text      the SLO as given, for messages
 * @param params    catalogue parameter name to value text, in the order given (a size is already blockSizeBytes)
 * @param threshold µs for a time metric, per second for ops/s
 * @param shown     the threshold as a reader wrote it, with a space before the unit ("10 ms", "5000")
 */
public record Slo(String text, String method, List<CellParam> params, SloMetric metric, SloOp op, double threshold, String shown) {

    /** A parameter the SLO fixes: its catalogue name and value as text ("8192", "ZERO_FILL"), and how it was written. */
    public record CellParam(String key, String value, String written) {
    }

    /** "FDATASYNC 8KiB ops/s >= 5000", "FDATASYNC p99 < 10 ms": how a verdict line names the SLO. */
    public String describe() {
        StringBuilder sb = new StringBuilder(method);
        for (CellParam p : params) sb.append(' ').append(p.written());
        return sb.append(' ').append(metric.word()).append(' ').append(op.symbol()).append(' ').append(shown).toString();
    }

    /** The same SLO with the method spelled as the results spell it (the user may type it in any case). */
    public Slo withMethod(String label) {
        return new Slo(text, label, params, metric, op, threshold, shown);
    }
}
