package io.durabench.lab;

import java.util.List;

/**
 * Runs the system tools the lab needs (losetup, mkfs.*, mount, umount, filefrag, chattr, sync).
 * An interface so that a test can make one chosen step fail for real (the rest still runs the
 * real tool) and check that {@code lab up} undoes what it did.
 */
public interface Shell {

    /** What a finished command left behind. */
    record Result(List<String> command, int exitCode, String stdout, String stderr) {
        public boolean ok() {
            return exitCode == 0;
        }

        /** The first non-blank line of stderr (or stdout), for one-line error messages. */
        public String firstErrorLine() {
            for (String s : List.of(stderr, stdout)) {
                for (String line : s.split("\n")) {
                    if (!line.isBlank()) return line.strip();
                }
            }
            return "no output";
        }

        /** "mkfs.xfs -f /dev/loop3 failed (exit 1): <first line of stderr>" */
        public String describeFailure() {
            return String.join(" ", command) + " failed (exit " + exitCode + "): " + firstErrorLine();
        }
    }

    /** Runs the command to completion; never throws for a non-zero exit (the caller decides). */
    Result run(List<String> command);

    /** Runs the command and fails with its first error line unless it exits 0. */
    default String require(List<String> command) {
        Result r = run(command);
        if (!r.ok()) throw new LabFailure(r.describeFailure());
        return r.stdout();
    }
}
