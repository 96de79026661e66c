package io.durabench.fleet;

import io.durabench.env.BlockDevice;
import io.durabench.env.Environment;
import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * What a fleet table's columns are ({@code report --group-by}): each host's target (host), or the
 * hosts that share a flush device model, a kernel release, a filesystem or a JDK, read from each
 * host's environment.json. A value the environment does not record is its own group, "unknown".
 */
public enum GroupBy {
    HOST, DEVICE, KERNEL, FILESYSTEM, JDK;

    /** The option's word: "host", "device", ... */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<GroupBy> parse(String word) {
        return Arrays.stream(values()).filter(g -> g.word().equals(word)).findFirst();
    }

    public static String words() {
        return String.join(", ", Arrays.stream(values()).map(GroupBy::word).toList());
    }

    /** The column a context belongs to: for host its own short name, else the shared value. */
    String key(Context c, ContextNames names) {
        Environment env = c.environment();
        return switch (this) {
            case HOST -> names.of(c);
            case DEVICE -> device(env);
            case KERNEL -> env == null || env.kernel() == null || env.kernel().release() == null ? "kernel unknown" : env.kernel().release();
            case FILESYSTEM -> c.filesystem() == null ? "filesystem unknown" : c.filesystem();
            case JDK -> c.jdk() == null ? "JDK unknown" : c.jdk();
        };
    }

    /** The flush device's model (the disk behind a loop device); its name when it reports no model, said so. */
    private static String device(Environment env) {
        BlockDevice d = env == null ? null : env.flushDevice();
        if (d == null) return "device unknown";
        if (d.model() != null && !d.model().isBlank()) return d.model().strip();
        return "model unknown";
    }
}
