package io.durabench.results;

/**
 * A cell of a run that produced no number, and why: either {@code n/a} (a combination this
 * platform refuses by design, e.g. O_DIRECT on tmpfs) or {@code failed} (something broke: a failed
 * sync, a JMH error). The two are never confused: a failure shown as "n/a" would be a quiet lie.
 */
public record NotMeasured(String benchmark, JmhParams params, Kind kind, String reason) {

    public enum Kind { NOT_APPLICABLE, FAILED }

    public boolean failed() {
        return kind == Kind.FAILED;
    }
}
