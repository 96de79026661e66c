package io.durabench.trace;

import java.util.List;

/** The events one {@link TraceSession} recorded, in the order the trace file printed them (by time), none lost. */
public record TraceCapture(List<TraceRecord> records) {
    public TraceCapture {
        records = List.copyOf(records);
    }

    /** The records of one event ("block_rq_issue"). */
    public List<TraceRecord> of(String event) {
        return records.stream().filter(r -> r.event().equals(event)).toList();
    }
}
