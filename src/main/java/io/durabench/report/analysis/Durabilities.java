package io.durabench.report.analysis;

import io.durabench.catalogue.Cell;
import io.durabench.report.Context;

/** Whether a result is durable: its method reaches stable storage (the catalogue asks the workload's enums) AND its context has some. */
final class Durabilities {
    private Durabilities() {
    }

    /** Null when durable, else why not: the method's own reason first, then the context's. */
    static String notDurableBecause(Context context, Cell cell) {
        String why = methodNotDurableBecause(cell);
        if (why == null && context.hasNoStableStorage()) why = context.place() + " has no stable storage";
        return why;
    }

    /** Null when the method itself reaches stable storage (wherever it runs). */
    static String methodNotDurableBecause(Cell cell) {
        Object value = cell.methodValue();
        return value == null ? "no " + cell.family().methodAxis().name() + " in the result" : cell.family().notDurableBecause(value).orElse(null);
    }
}
