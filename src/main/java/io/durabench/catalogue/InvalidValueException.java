package io.durabench.catalogue;

/**
 * A parameter value or combination that can never be valid anywhere (an unknown sync method, a
 * block size of 0): the caller's input is wrong, not the platform. The message names the value
 * and the fix; the command line turns it into a usage error (exit 2).
 */
public final class InvalidValueException extends IllegalArgumentException {
    public InvalidValueException(String message) {
        super(message);
    }
}
