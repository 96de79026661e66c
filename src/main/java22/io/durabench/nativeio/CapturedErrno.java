package io.durabench.nativeio;

import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.VarHandle;

/**
 * Where a downcall leaves errno: java.lang.foreign copies it into a segment the caller passes
 * ({@link Linker.Option#captureCallState}) right after the native function returns, before anything
 * else on the thread can change it. One segment per thread, so a call's errno is read on the thread
 * that made the call, as jnr's saved "last error" is; the segment lives as long as its thread uses it.
 */
final class CapturedErrno {
    static final Linker.Option OPTION = Linker.Option.captureCallState("errno");
    private static final StructLayout LAYOUT = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = LAYOUT.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final ThreadLocal<MemorySegment> SEGMENT = ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(LAYOUT));

    private CapturedErrno() {
    }

    /** This thread's segment, to pass as the first argument of a downcall made with {@link #OPTION}. */
    static MemorySegment segment() {
        return SEGMENT.get();
    }

    /** errno as the last downcall on this thread left it. */
    static int last() {
        return (int) ERRNO.get(SEGMENT.get(), 0L);
    }
}
