package io.durabench.compare;

import io.durabench.env.BlockDevice;
import io.durabench.env.Environment;
import io.durabench.format.Fmt;
import io.durabench.results.BenchmarkResult;
import io.durabench.results.RunSettings;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * One fact that decides whether two result sets measured the same thing, where it is read from,
 * and what a difference in it means for a comparison ({@link Role}). Its {@link #key()} is what
 * {@code --allow-different} takes.
 */
public enum FingerprintKey {
    JDK(Role.COMPARED, null, r -> r.jdkVersion(), e -> e.jdk() == null ? null : e.jdk().version()),
    /** The native layer (jnr, ffm) is compared with the JDK: a JDK upgrade on 22+ often changes it too. */
    NATIVE_LAYER(Role.COMPARED, FingerprintKey::nativeLayer, null, null),
    FILESYSTEM(Role.REFUSED, Environment::filesystem, null, null),
    MOUNT_OPTIONS(Role.REFUSED, e -> e.target() == null ? null : e.target().mountOptions(), null, null),
    DEVICE(Role.REFUSED, FingerprintKey::device, null, null),
    WRITE_CACHE(Role.REFUSED, FingerprintKey::writeCache, null, null),
    FORKS(Role.REFUSED, null, r -> setting(r, RunSettings::forks), null),
    WARMUP_ITERATIONS(Role.REFUSED, null, r -> setting(r, RunSettings::warmupIterations), null),
    WARMUP_TIME(Role.REFUSED, null, r -> setting(r, RunSettings::warmupTime), null),
    ITERATIONS(Role.REFUSED, null, r -> setting(r, RunSettings::measurementIterations), null),
    ITERATION_TIME(Role.REFUSED, null, r -> setting(r, RunSettings::measurementTime), null),
    KERNEL(Role.NOTED, e -> e.kernel() == null ? null : e.kernel().release(), null, null),
    CPU_COUNT(Role.NOTED, e -> e.cpu() == null || e.cpu().count() == null ? null : String.valueOf(e.cpu().count()), null, null),
    JMH_VERSION(Role.NOTED, null, BenchmarkResult::jmhVersion, e -> e.jmh() == null ? null : e.jmh().version()),
    BLACKHOLE_MODE(Role.NOTED, e -> e.jmh() == null ? null : e.jmh().blackholeMode(), null, null);

    /** What a difference in this fact does to a comparison. */
    public enum Role {
        /** What the comparison is about (the JDK of a JDK upgrade): printed as the thing compared. */
        COMPARED,
        /** Makes the comparison meaningless (another filesystem, device or JMH setting): refused unless allowed. */
        REFUSED,
        /** Worth knowing (another kernel, CPU count, JMH version): printed above the table, never refused. */
        NOTED
    }

    private final Role role;
    private final Function<Environment, String> fromEnvironment;
    private final Function<BenchmarkResult, String> fromEntry;
    private final Function<Environment, String> environmentFallback;

    /**
     * @param fromEnvironment     the fact as environment.json says it (null: not an environment fact)
     * @param fromEntry           the fact as each JMH result entry says it (null: not in JMH JSON)
     * @param environmentFallback where the fact comes from when a set has no entries (everything n/a)
     */
    FingerprintKey(Role role, Function<Environment, String> fromEnvironment, Function<BenchmarkResult, String> fromEntry,
                   Function<Environment, String> environmentFallback) {
        this.role = role;
        this.fromEnvironment = fromEnvironment;
        this.fromEntry = fromEntry;
        this.environmentFallback = environmentFallback;
    }

    /** The name {@code --allow-different} takes: "filesystem", "forks", "iteration-time" ... */
    public String key() {
        return Fmt.id(this);
    }

    public Role role() {
        return role;
    }

    /** True when the fact comes from environment.json only (unknown for a plain JMH file). */
    public boolean fromEnvironmentOnly() {
        return fromEntry == null;
    }

    String ofEnvironment(Environment env) {
        Function<Environment, String> f = fromEnvironment != null ? fromEnvironment : environmentFallback;
        return env == null || f == null ? null : f.apply(env);
    }

    String ofEntry(BenchmarkResult r) {
        return fromEntry == null ? null : fromEntry.apply(r);
    }

    public static Optional<FingerprintKey> byKey(String key) {
        return Arrays.stream(values()).filter(k -> k.key().equals(key.trim().toLowerCase(Locale.ROOT))).findFirst();
    }

    /** The keys --allow-different may name (the refused ones; the others never stop a comparison). */
    public static String allowable() {
        return String.join(", ", Arrays.stream(values()).filter(k -> k.role == Role.REFUSED).map(FingerprintKey::key).toList());
    }

    /**
     * The device whose flush is paid for: a loop device is named by the disk behind it (loop0 today,
     * loop3 tomorrow, the same disk); "none" for a filesystem without one (tmpfs).
     */
    private static String device(Environment env) {
        if (env.target() == null) return null;
        BlockDevice d = env.device();
        if (d == null) return "none";
        if (d.loop() == null) return d.name();
        BlockDevice backing = d.loop().backingDevice();
        if (backing != null) return "loop over " + backing.name();
        String fs = d.loop().backingFilesystem() == null ? null : d.loop().backingFilesystem().filesystem();
        return "loop over a file on " + Objects.requireNonNullElse(fs, "an unknown filesystem");
    }

    /** "jnr" or "ffm"; an environment.json from before there were two layers names none, and was measured through jnr. */
    private static String nativeLayer(Environment env) {
        if (env.jdk() == null) return null;
        return env.jdk().nativeLayer() != null ? env.jdk().nativeLayer() : "jnr";
    }

    private static String writeCache(Environment env) {
        if (env.target() == null) return null;
        BlockDevice flush = env.flushDevice();
        return flush == null ? "none" : flush.writeCache();
    }

    private static String setting(BenchmarkResult r, Function<RunSettings, Object> part) {
        Object v = r.settings() == null ? null : part.apply(r.settings());
        return v == null ? null : v.toString();
    }
}
