package io.durabench.nativeio;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * libc's functions as java.lang.foreign downcall handles, each taking this thread's errno segment
 * first ({@link CapturedErrno}), as every jnr call saves errno. Each handle is bound the first time
 * it is used (a holder class apiece): binding costs milliseconds of a fork's start, and a fork
 * measuring fdatasync never needs sync_file_range's. Static finals, so the JIT inlines the call.
 *
 * <p>C types, as on LP64 Linux (x86_64, aarch64): int and mode_t as JAVA_INT, off_t, size_t and
 * ssize_t as JAVA_LONG, pointers as ADDRESS. open is variadic: its mode is passed after
 * {@link Linker.Option#firstVariadicArg}, as the C calling convention wants it.
 */
final class FfmLibc {
    private static final Linker LINKER = Linker.nativeLinker();

    private FfmLibc() {
    }

    static final class Open {
        static final MethodHandle H = bind("open", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT), Linker.Option.firstVariadicArg(2));
    }

    static final class Pwrite {
        static final MethodHandle H = bind("pwrite", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG));
    }

    static final class Fsync {
        static final MethodHandle H = bind("fsync", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    }

    static final class Fdatasync {
        static final MethodHandle H = bind("fdatasync", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    }

    static final class Ftruncate {
        static final MethodHandle H = bind("ftruncate", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG));
    }

    static final class Fallocate {
        static final MethodHandle H = bind("fallocate", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG));
    }

    static final class SyncFileRange {
        static final MethodHandle H = bind("sync_file_range", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT));
    }

    static final class Close {
        static final MethodHandle H = bind("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    }

    /** syscall(long number, ...): variadic from its second argument, every argument a long. */
    static final class Syscall {
        static final MethodHandle H = bind("syscall", FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG,
                JAVA_LONG, JAVA_LONG, JAVA_LONG), Linker.Option.firstVariadicArg(1));
    }

    static final class Mmap {
        static final MethodHandle H = bind("mmap", FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG));
    }

    static final class Munmap {
        static final MethodHandle H = bind("munmap", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
    }

    static final class Flock {
        static final MethodHandle H = bind("flock", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
    }

    static final class Geteuid {
        static final MethodHandle H = bind("geteuid", FunctionDescriptor.of(JAVA_INT));
    }

    static final class Getppid {
        static final MethodHandle H = bind("getppid", FunctionDescriptor.of(JAVA_INT));
    }

    /** fstat, lstat and stat: (fd or path, struct stat *) on glibc 2.33+, older ones through their versioned names. */
    static final class Fstat {
        static final MethodHandle H = bindStat("fstat", "__fxstat", JAVA_INT);
    }

    static final class Lstat {
        static final MethodHandle H = bindStat("lstat", "__lxstat", ADDRESS);
    }

    static final class Stat {
        static final MethodHandle H = bindStat("stat", "__xstat", ADDRESS);
    }

    private static MethodHandle bind(String name, FunctionDescriptor function, Linker.Option... options) {
        MemorySegment address = find(name).orElseThrow(() -> new IllegalStateException(
                "libc has no " + name + ": durabench measures real system calls and cannot run without it"));
        List<Linker.Option> all = new ArrayList<>(List.of(options));
        all.add(CapturedErrno.OPTION);
        return LINKER.downcallHandle(address, function, all.toArray(Linker.Option[]::new));
    }

    /** The stat call {@code name}(what, buf); where libc lacks it, {@code legacy}(version, what, buf) with the version bound in. */
    private static MethodHandle bindStat(String name, String legacy, java.lang.foreign.MemoryLayout what) {
        if (find(name).isPresent()) return bind(name, FunctionDescriptor.of(JAVA_INT, what, ADDRESS));
        MethodHandle h = bind(legacy, FunctionDescriptor.of(JAVA_INT, JAVA_INT, what, ADDRESS));
        // The errno segment is argument 0, the version argument 1.
        return java.lang.invoke.MethodHandles.insertArguments(h, 1, StatLayout.legacyVersion());
    }

    private static Optional<MemorySegment> find(String name) {
        return LINKER.defaultLookup().find(name);
    }
}
