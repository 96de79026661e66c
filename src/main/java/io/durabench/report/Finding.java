package io.durabench.report;

import io.durabench.format.Fmt;
import java.util.List;

/**
 * One sentence of the report's opening, computed from the rows: what durability costs in a
 * context, what batching or preallocation buys, how contexts compare, or a trap met in the data.
 * Every number in {@code message} is a row's figure or a Welch interval of two rows' difference;
 * {@code rows} are the ids of the rows it quotes.
 *
 * @param context the context label it is about; null for a finding about several contexts
 */
public record Finding(String context, Kind kind, String message, List<Integer> rows) {

    public enum Kind {
        /** Something that changes how every other figure reads: no stable storage, a not-durable method that looks fastest, a flush too cheap for the device. */
        TRAP,
        DURABILITY_COST,
        BATCHING,
        PREALLOC,
        FILE_CREATION,
        COST_MODEL,
        ACROSS_CONTEXTS;

        public String id() {
            return Fmt.id(this);
        }
    }
}
