package io.durabench.witness;

import java.util.List;

/**
 * One system call as strace printed it, with its two moments: where it was entered (the line that
 * names the call, complete or {@code <unfinished ...>}) and where its result was printed (the same
 * line, or the {@code <... name resumed>} line of the same thread). Entry order decides whether a
 * call lies between two markers; completion order decides when an open's fd comes into being and a
 * close's fd goes away (another thread's call may be entered in between).
 *
 * @param entryLine      1-based line of the call's entry in the trace
 * @param completionLine 1-based line where its result was printed; -1 if it never returned
 * @param pid            the thread id strace printed (strace -f prints thread ids)
 * @param name           the syscall name, e.g. {@code pwrite64}
 * @param args           the arguments as printed, split at top-level commas, untouched
 * @param result         the return value (addresses parsed as unsigned hex); meaningless unless {@link #returned()}
 * @param errno          the errno name of a failed call ({@code EIO}), null on success
 * @param resultPath     the path strace -y printed after a returned fd ({@code = 3</x/y>}), else null
 */
public record SyscallEvent(int entryLine, int completionLine, int pid, String name, List<String> args,
                           long result, String errno, String resultPath) {

    public SyscallEvent {
        args = List.copyOf(args);
    }

    /** False when the result is {@code ?} or the thread never came back (trace ended, process killed). */
    public boolean returned() {
        return completionLine > 0;
    }

    /** Returned without an errno: the kernel did what was asked (a short write still counts as a write). */
    public boolean succeeded() {
        return returned() && errno == null;
    }

    /** The n-th (0-based) argument as printed, or "" when the call had fewer. */
    public String arg(int n) {
        return n < args.size() ? args.get(n) : "";
    }

    /** How the call ended, for messages: "= 0", "= -1 EIO", "never returned". */
    public String outcome() {
        if (!returned()) return "never returned";
        return errno != null ? "= " + result + " " + errno : "= " + result;
    }

    @Override
    public String toString() {
        return "line " + entryLine + ": [" + pid + "] " + name + "(" + String.join(", ", args) + ") " + outcome();
    }
}
