package io.durabench.trace;

/** A JVM that opens a trace session, names its instance and exits without closing it: the shutdown hook must remove it. */
public final class SessionLeftOpen {
    private SessionLeftOpen() {
    }

    public static void main(String[] args) throws Exception {
        TraceSession s = TraceSession.open(Tracefs.find(), TraceRequest.of(CapturedTraces.ISSUE));
        System.out.println(s.instance());
        System.exit(3);
    }
}
