package io.durabench.jdkio;

import io.durabench.nativeio.ForwardingSyscalls;
import io.durabench.nativeio.NativeLayers;
import io.durabench.nativeio.Syscalls;

/**
 * Native calls (the real ones unless given), carrying other JDK calls: what a test opens a workload with so that its JDK
 * path goes through {@code jdk} (the workloads take one seam object; see {@link JdkCalls.Provider}).
 */
public final class JdkCallsOnSyscalls extends ForwardingSyscalls implements JdkCalls.Provider {
    private final JdkCalls jdk;

    public JdkCallsOnSyscalls(JdkCalls jdk) {
        this(NativeLayers.current(), jdk);
    }

    /** {@code sys} for the native calls (e.g. counting ones), {@code jdk} for the JDK's. */
    public JdkCallsOnSyscalls(Syscalls sys, JdkCalls jdk) {
        super(sys);
        this.jdk = jdk;
    }

    @Override
    public JdkCalls jdkCalls() {
        return jdk;
    }
}
