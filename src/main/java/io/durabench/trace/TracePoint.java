package io.durabench.trace;

import java.nio.file.Path;

/**
 * One kernel tracepoint, named as tracefs names it: its system and its event ({@code block:block_rq_issue},
 * {@code io_uring:io_uring_complete}). A trace line names only the event, so two systems' events of one name
 * cannot be told apart in a capture: {@link TraceRequest} refuses such a pair.
 */
public record TracePoint(String system, String event) {
    public TracePoint {
        if (!isWord(system) || !isWord(event)) {
            throw new IllegalArgumentException("a tracepoint is SYSTEM:EVENT in letters, digits and '_': got '" + system + ":" + event + "'");
        }
    }

    /** "block:block_rq_issue" -> (block, block_rq_issue); a one-line refusal otherwise. */
    public static TracePoint parse(String text) {
        int colon = text.indexOf(':');
        if (colon < 0) throw new IllegalArgumentException("a tracepoint is SYSTEM:EVENT (block:block_rq_issue): got '" + text + "'");
        return new TracePoint(text.substring(0, colon), text.substring(colon + 1));
    }

    /** Its folder under a tracefs root or instance: events/SYSTEM/EVENT. */
    Path folderIn(Path tracefsOrInstance) {
        return tracefsOrInstance.resolve("events").resolve(system).resolve(event);
    }

    private static boolean isWord(String s) {
        return s != null && !s.isEmpty() && s.chars().allMatch(c -> c == '_' || Character.isLetterOrDigit(c));
    }

    @Override
    public String toString() {
        return system + ":" + event;
    }
}
