package io.durabench.nativeio;

import java.util.Locale;

/**
 * Linux open(2) flags for the machine's architecture.
 *
 * <p>jnr-constants has no O_DIRECT, O_DSYNC or O_SYNC, and O_DIRECT/O_DIRECTORY differ between
 * architectures, so they are spelled out here from the kernel's UAPI headers:
 * <ul>
 *   <li>x86_64 uses include/uapi/asm-generic/fcntl.h unchanged:
 *       O_DIRECT 00040000, O_DIRECTORY 00200000, O_DSYNC 00010000, __O_SYNC 04000000.</li>
 *   <li>aarch64 overrides in arch/arm64/include/uapi/asm/fcntl.h:
 *       O_DIRECTORY 040000, O_NOFOLLOW 0100000, O_DIRECT 0200000, O_LARGEFILE 0400000.</li>
 * </ul>
 * x86_64's O_NOFOLLOW is asm-generic's 00400000. O_EXCL (00000200) and O_NONBLOCK (00004000) are
 * asm-generic's on both.
 * O_SYNC is {@code __O_SYNC | O_DSYNC} on both (asm-generic/fcntl.h).
 */
public final class OpenFlags {
    public static final int O_RDONLY = 0;
    public static final int O_WRONLY = 01;
    public static final int O_RDWR = 02;
    public static final int O_CREAT = 0100;
    public static final int O_EXCL = 0200;
    public static final int O_NONBLOCK = 04000;
    public static final int O_TRUNC = 01000;
    public static final int O_DSYNC = 010000;
    public static final int O_SYNC = 04000000 | O_DSYNC;
    public static final int O_CLOEXEC = 02000000;
    public static final int O_DIRECT;
    public static final int O_DIRECTORY;
    public static final int O_NOFOLLOW;

    static {
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        switch (arch) {
            case "amd64", "x86_64" -> {
                O_DIRECT = 040000;
                O_DIRECTORY = 0200000;
                O_NOFOLLOW = 0400000;
            }
            case "aarch64", "arm64" -> {
                O_DIRECT = 0200000;
                O_DIRECTORY = 040000;
                O_NOFOLLOW = 0100000;
            }
            default -> throw new ExceptionInInitializerError(
                    "durabench knows the open(2) flags of x86_64 and aarch64 only, not '" + arch
                            + "': add them to OpenFlags from the kernel's arch fcntl.h");
        }
    }

    private OpenFlags() {
    }

    /** Human-readable flag names, for error messages and the environment record. */
    public static String describe(int flags) {
        StringBuilder sb = new StringBuilder((flags & 03) == O_RDWR ? "O_RDWR" : (flags & 03) == O_WRONLY ? "O_WRONLY" : "O_RDONLY");
        if ((flags & O_CREAT) != 0) sb.append("|O_CREAT");
        if ((flags & O_EXCL) != 0) sb.append("|O_EXCL");
        if ((flags & O_TRUNC) != 0) sb.append("|O_TRUNC");
        if ((flags & O_SYNC) == O_SYNC) sb.append("|O_SYNC");
        else if ((flags & O_DSYNC) != 0) sb.append("|O_DSYNC");
        if ((flags & O_DIRECT) != 0) sb.append("|O_DIRECT");
        if ((flags & O_DIRECTORY) != 0) sb.append("|O_DIRECTORY");
        if ((flags & O_NOFOLLOW) != 0) sb.append("|O_NOFOLLOW");
        if ((flags & O_NONBLOCK) != 0) sb.append("|O_NONBLOCK");
        return sb.toString();
    }
}
