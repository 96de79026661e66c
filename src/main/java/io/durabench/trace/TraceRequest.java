package io.durabench.trace;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@link TraceSession} records: its tracepoints, each with a filter in tracefs's syntax ({@code dev == 0x700003},
 * {@code bytes > 0}; empty for none), the processes to record (empty: every process), and the buffer's size
 * per CPU. The buffer keeps the oldest events when full and counts the rest as dropped, which fails the
 * capture: size it for the events one capture holds (a block request's issue and completion take about 100
 * bytes each).
 */
public record TraceRequest(Map<TracePoint, String> filters, List<Long> pids, int bufferKbPerCpu) {
    /** 4 MiB per CPU: tens of thousands of block events. */
    public static final int DEFAULT_BUFFER_KB = 4096;

    public TraceRequest {
        filters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(filters));
        pids = List.copyOf(pids);
        if (filters.isEmpty()) throw new IllegalArgumentException("a trace request needs at least one tracepoint");
        if (bufferKbPerCpu < 1) throw new IllegalArgumentException("a trace buffer needs at least 1 KiB per CPU, not " + bufferKbPerCpu);
        long names = filters.keySet().stream().map(TracePoint::event).distinct().count();
        if (names != filters.size()) {
            throw new IllegalArgumentException("two tracepoints of one event name cannot be told apart in a trace: " + filters.keySet());
        }
    }

    /** The tracepoints, unfiltered, for every process, with the default buffer. */
    public static TraceRequest of(TracePoint... points) {
        Map<TracePoint, String> f = new LinkedHashMap<>();
        for (TracePoint p : points) f.put(p, "");
        return new TraceRequest(f, List.of(), DEFAULT_BUFFER_KB);
    }

    /** This request with {@code filter} on {@code point} (one of its tracepoints). */
    public TraceRequest filter(TracePoint point, String filter) {
        if (!filters.containsKey(point)) throw new IllegalArgumentException(point + " is not one of this request's tracepoints " + filters.keySet());
        Map<TracePoint, String> f = new LinkedHashMap<>(filters);
        f.put(point, filter.strip());
        return new TraceRequest(f, pids, bufferKbPerCpu);
    }

    /** This request with {@code filter} on every tracepoint (their fields must have the names it uses). */
    public TraceRequest filterAll(String filter) {
        TraceRequest r = this;
        for (TracePoint p : filters.keySet()) r = r.filter(p, filter);
        return r;
    }

    /** This request recording only events raised while one of {@code pids} runs (tracefs's set_event_pid). */
    public TraceRequest pids(List<Long> only) {
        return new TraceRequest(filters, only, bufferKbPerCpu);
    }

    public TraceRequest bufferKbPerCpu(int kb) {
        return new TraceRequest(filters, pids, kb);
    }
}
