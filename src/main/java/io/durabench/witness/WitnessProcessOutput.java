package io.durabench.witness;

import com.google.gson.JsonObject;
import io.durabench.child.ChildStatus;
import io.durabench.child.ResultLines;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Reading what the witnessed JVM printed: its result lines ({@link ResultLines}), one per cell. */
final class WitnessProcessOutput {
    private WitnessProcessOutput() {
    }

    /** The result object of each cell by index (null where none was printed), from the lines the witnessed JVM printed. */
    static List<JsonObject> results(List<String> stdout, int cells) {
        List<JsonObject> byCell = new ArrayList<>(Arrays.asList(new JsonObject[cells]));
        List<JsonObject> printed;
        try {
            printed = ResultLines.parse(stdout);
        } catch (IllegalStateException e) {
            throw new WitnessUnavailableException("the witnessed JVM's results cannot be read: " + e.getMessage(), e);
        }
        for (JsonObject o : printed) {
            try {
                int i = o.get(WitnessMain.CELL).getAsInt();
                if (i < 0 || i >= cells) throw new WitnessUnavailableException("the witnessed JVM printed a result for cell " + i + " of " + cells);
                boolean ok = ChildStatus.of(o) == ChildStatus.OK;
                if (!o.has(WitnessMain.SPEC) || ok != o.has(WitnessMain.COUNTERS)) throw new IllegalStateException("incomplete result");
                byCell.set(i, o);
            } catch (IllegalStateException | NullPointerException | UnsupportedOperationException | NumberFormatException e) {
                throw new WitnessUnavailableException("the witnessed JVM printed an unreadable result line: " + ResultLines.PREFIX + o, e);
            }
        }
        return byCell;
    }
}
