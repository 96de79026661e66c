package io.durabench.lockstep;

import io.durabench.child.ChildProcess;

/**
 * How a side's process ended, in words for a failed cell: a side stopped by a signal is named with
 * it ("killed with SIGKILL"), since its exit code 128 + n says so only to those who count. A side
 * whose partner was stopped so ends by itself (the other side went away): the failure is the
 * partner's, and its record says so.
 */
final class SideExit {
    private SideExit() {
    }

    /** "killed with SIGKILL (exit code 137: ...)" and the like, for an exit code 128 + a signal's number; null for any other. */
    static String signalled(int code) {
        return switch (code - 128) {
            case 1 -> "stopped by SIGHUP (exit code 129)";
            case 2 -> "interrupted by SIGINT (exit code 130)";
            case 6 -> "stopped by SIGABRT (exit code 134)";
            case 9 -> "killed with SIGKILL (exit code 137: by a user, or the kernel's out-of-memory killer, see dmesg)";
            case 11 -> "stopped by SIGSEGV (exit code 139)";
            case 15 -> "terminated by SIGTERM (exit code 143)";
            default -> null;
        };
    }

    /** Why {@code side} has no result: killed by a signal, or its exit and the end of its stderr. */
    static String describe(Side side, ChildProcess.Exit exit) {
        String signalled = signalled(exit.code());
        if (signalled != null) return "side " + side + " was " + signalled;
        return "side " + side + " " + (exit.code() == 0 ? "printed no result for it" : "ended (" + exit.describe() + ")");
    }

    /** True when the other side was stopped by a signal and this one was not: this side's failure is the other's doing. */
    static boolean partnerStopped(ChildProcess.Exit mine, ChildProcess.Exit other) {
        return signalled(other.code()) != null && signalled(mine.code()) == null;
    }
}
