package io.durabench.nativeio;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Locale;

/**
 * Where glibc's struct stat keeps the fields durabench reads, per architecture (jnr-posix knows the
 * same from its own per-platform classes): x86_64's layout (arch/x86/include/uapi/asm/stat.h: st_nlink
 * before st_mode, 144 bytes) and aarch64's, asm-generic/stat.h (st_mode before st_nlink, 128 bytes).
 * st_dev, st_ino and st_blocks sit at the same offsets in both.
 */
final class StatLayout {
    /** Room for either layout, rounded up. */
    static final long SIZE = 256;
    private static final long DEV = 0, INO = 8, BLOCKS = 64;
    private static final long MODE;
    private static final int S_IFMT = 0170000, S_IFREG = 0100000;

    static {
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        MODE = switch (arch) {
            case "amd64", "x86_64" -> 24;
            case "aarch64", "arm64" -> 16;
            default -> throw new ExceptionInInitializerError("durabench knows struct stat on x86_64 and aarch64 only, not '" + arch
                    + "': add its layout to StatLayout from glibc's bits/struct_stat.h");
        };
    }

    private StatLayout() {
    }

    static FileStatus read(MemorySegment st) {
        int mode = st.get(ValueLayout.JAVA_INT, MODE);
        return new FileStatus(st.get(ValueLayout.JAVA_LONG, DEV), st.get(ValueLayout.JAVA_LONG, INO), (mode & S_IFMT) == S_IFREG,
                st.get(ValueLayout.JAVA_LONG, BLOCKS));
    }

    /**
     * glibc before 2.33 exports no fstat, lstat or stat, only __fxstat, __lxstat and __xstat, which take
     * the struct's version first: _STAT_VER_LINUX, 1 on x86_64 and 0 on aarch64.
     */
    static int legacyVersion() {
        return MODE == 24 ? 1 : 0;
    }
}
