package io.durabench.witness;

import io.durabench.nativeio.TraceMarkers;

/**
 * The witness's names for the marker calls that frame a cell in the trace ({@link TraceMarkers}:
 * BEGIN and END around the measured operations, CLOSED once the cell's workload is closed, whether
 * it ran or failed, so that the next cell's setup is told apart from what this one left: a cell that
 * fails in its setup emits no BEGIN or END, and its created-and-deleted file must not count as the
 * next cell's log).
 */
final class WitnessMarkers {
    static final String BEGIN = TraceMarkers.BEGIN;
    static final String END = TraceMarkers.END;
    static final String CLOSED = TraceMarkers.CLOSED;

    private WitnessMarkers() {
    }

    static String path(String token, int cell, String which) {
        return TraceMarkers.path(token, cell, which);
    }

    static void emit(String token, int cell, String which) {
        TraceMarkers.emit(token, cell, which);
    }
}
