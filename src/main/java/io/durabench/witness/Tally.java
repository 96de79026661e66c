package io.durabench.witness;

import io.durabench.expectation.CallKey;

/** How many successful calls of one {@link CallKey} the kernel saw, and the bytes they wrote. */
record Tally(long calls, long bytes) {
    static final Tally ZERO = new Tally(0, 0);

    Tally plus(FileCall c) {
        return new Tally(calls + 1, bytes + c.bytes());
    }
}
