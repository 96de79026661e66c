package io.durabench.nativeio;

import java.util.Locale;

/**
 * Every libc call durabench makes, in one of two implementations: jnr-posix over jffi
 * ({@link JnrSyscalls}, on any JDK 17+; it needs sun.misc.Unsafe) and java.lang.foreign
 * ({@code FfmLayer}, final in JDK 22; built into the jar's META-INF/versions/22 when Maven has a JDK
 * 22+). Both make the same system calls (the syscall witness proves it cell by cell) and report a
 * failure alike: -1 (or null) and this thread's errno. Which one a JVM uses: {@link NativeLayers}.
 *
 * <p>The workloads' calls are {@link Syscalls}' (the seam tests wrap to count or fail them); the others
 * are the owner locks' (flock, fstat, lstat), the lab's (stat, geteuid) and the no-op call's (getppid).
 */
public interface NativeLayer extends Syscalls {
    /** flock(2) operations. */
    int LOCK_EX = 2;
    int LOCK_NB = 4;

    /** Which implementation: its word in {@code -Ddurabench.native}, environment.json and reports. */
    enum Kind {
        JNR("jnr-posix over jffi"),
        FFM("java.lang.foreign");

        private final String what;

        Kind(String what) {
            this.what = what;
        }

        /** "jnr" or "ffm". */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** "ffm (java.lang.foreign)". */
        public String describe() {
            return word() + " (" + what + ")";
        }
    }

    Kind kind();

    /** flock(2) on {@code fd}: {@link #LOCK_EX}, optionally {@code | }{@link #LOCK_NB}. -1 and errno on failure. */
    int flock(int fd, int operation);

    /** What {@code fd} refers to (fstat); null, errno set, when it fails. */
    FileStatus fstat(int fd);

    /** What {@code path} itself names, a symlink not followed (lstat); null, errno set, when it fails. */
    FileStatus lstat(String path);

    /** What {@code path} names, symlinks followed (stat); null, errno set, when it fails. */
    FileStatus stat(String path);

    /** geteuid(2): cannot fail. */
    int geteuid();

    /** getppid(2): cannot fail; the no-op call whose cost is the floor of every other. */
    int getppid();
}
