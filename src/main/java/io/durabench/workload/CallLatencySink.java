package io.durabench.workload;

/**
 * Where {@link DurableWriteLoop#timeCalls} puts the latency of each timed write call and sync call (ns).
 * {@link CallLatencies} keeps them in one histogram each for a JMH fork; a soak hands them to
 * HdrHistogram Recorders so that another thread can cut them into one-second intervals while the
 * loop runs. One implementation per JVM in practice, so the call inlines.
 */
public interface CallLatencySink {
    void write(long nanos);

    void sync(long nanos);
}
