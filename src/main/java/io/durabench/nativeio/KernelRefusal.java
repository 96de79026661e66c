package io.durabench.nativeio;

/**
 * The kernel or the platform refuses a kind of call by design, not because something broke: io_uring
 * disabled by {@code kernel.io_uring_disabled} or by a seccomp filter, a kernel without an io_uring
 * opcode, an architecture whose system call numbers durabench does not know. A cell that meets one is
 * n/a with this reason, never a failure and never a number.
 */
public final class KernelRefusal extends RuntimeException {
    public KernelRefusal(String reason) {
        super(reason);
    }
}
