package io.durabench.witness;

/**
 * One system call on a file as the kernel saw it: which call, on which file, and how, where "how"
 * is what decides durability beyond the call's name, in the words of
 * {@link io.durabench.expectation.CallHow} (the fd kind for writes and syncs, the flags of an open,
 * msync's flags, fallocate's mode).
 *
 * @param event   the call as strace printed it
 * @param call    the syscall name; opens are all named {@code openat} (open, creat and openat2 included)
 * @param path    the file's absolute path as the kernel resolved it; null when unknown
 * @param how     see above
 * @param bytes   for a successful write, the bytes the kernel reports written; else 0
 * @param creates an open that succeeded with O_CREAT (the file may or may not have existed)
 */
public record FileCall(SyscallEvent event, String call, String path, String how, long bytes, boolean creates) {

    public boolean succeeded() {
        return event.succeeded();
    }
}
