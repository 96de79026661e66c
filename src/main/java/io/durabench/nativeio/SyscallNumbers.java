package io.durabench.nativeio;

import java.util.Locale;

/**
 * The numbers of the system calls durabench makes through {@link Syscalls#syscall}, which have no libc
 * wrapper on every libc: io_uring's three and pwritev2. From the kernel's syscall tables: x86-64's
 * arch/x86/entry/syscalls/syscall_64.tbl, and the generic table (include/uapi/asm-generic/unistd.h)
 * that aarch64 uses. Another architecture gets a {@link KernelRefusal} naming it.
 */
public final class SyscallNumbers {
    private static final String ARCH = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    private static final boolean X86_64 = ARCH.equals("amd64") || ARCH.equals("x86_64");
    private static final boolean AARCH64 = ARCH.equals("aarch64") || ARCH.equals("arm64");

    private SyscallNumbers() {
    }

    /** io_uring_setup: 425 on both (the generic numbers of io_uring are shared by every architecture). */
    public static long ioUringSetup() {
        return known(425, 425);
    }

    public static long ioUringEnter() {
        return known(426, 426);
    }

    public static long ioUringRegister() {
        return known(427, 427);
    }

    public static long pwritev2() {
        return known(328, 287);
    }

    private static long known(long x86_64, long aarch64) {
        if (X86_64) return x86_64;
        if (AARCH64) return aarch64;
        throw new KernelRefusal("durabench knows the numbers of io_uring's and pwritev2's system calls on x86-64 and aarch64 only,"
                + " not on '" + ARCH + "'");
    }
}
