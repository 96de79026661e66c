package io.durabench.slo;

import java.util.Arrays;
import java.util.List;

/** The comparison of an SLO: the figure must be below (or above) the threshold. */
public enum SloOp {
    LT("<"), LE("<="), GT(">"), GE(">=");

    private final String symbol;

    SloOp(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    /** True when a value is on the good side of the threshold. */
    public boolean holds(double value, double threshold) {
        return switch (this) {
            case LT -> value < threshold;
            case LE -> value <= threshold;
            case GT -> value > threshold;
            case GE -> value >= threshold;
        };
    }

    /** True for {@code <} and {@code <=}: the figure must stay below the threshold (its high bound decides met, its low one missed). */
    public boolean below() {
        return this == LT || this == LE;
    }

    /** The comparison a symbol names (the parser's pattern tries "<=" before "<"); null for none. */
    static SloOp ofSymbol(String s) {
        return Arrays.stream(values()).filter(o -> o.symbol.equals(s)).findFirst().orElse(null);
    }

    static List<String> symbols() {
        return Arrays.stream(values()).map(SloOp::symbol).toList();
    }
}
