package io.durabench.lab;

/** Something the lab tried failed (a tool exited non-zero, a check did not hold). One line, no stack trace. */
public class LabFailure extends RuntimeException {
    public LabFailure(String message) {
        super(message);
    }
}
