package io.durabench.lockstep;

/** The two sides of a lock-step pair: A listens for the hand-off line and is the base of every ratio (B/A); B connects. */
public enum Side {
    A, B;

    public Side other() {
        return this == A ? B : A;
    }
}
