package io.durabench.report;

import io.durabench.env.Environment;

/**
 * Where a result was measured: target directory and filesystem, and the JDK, and in a fleet the
 * host. Results are only compared (ratios, costs) within one context; the same method across
 * contexts is what the ratio-misleads warning looks at.
 *
 * @param environment null when the results came without an environment.json
 * @param host        the fleet host (its inventory name, the folder the results came from); null outside a fleet. It
 *                    leads the label ("host-a: ext4 /mnt/x, JDK 17.0.15"), so two hosts' same target are two contexts
 *                    named by their hosts rather than by their paths.
 */
public record Context(String label, String directory, String filesystem, String jdk, Environment environment, String host) {

    /**
     * @param jdk "JDK 25.0.3"; where environment.json names the native layer it becomes "JDK 25.0.3 (ffm)", so that
     *            rows measured through two layers on one JDK are two contexts, never pooled
     */
    public static Context of(Environment env, String targetDirParam, String jdk, String host) {
        String dir = env != null && env.targetDirectory() != null ? env.targetDirectory() : targetDirParam;
        String fs = env != null ? env.filesystem() : null;
        String where = (fs == null ? "filesystem unknown" : fs) + " " + (dir == null ? "(directory unknown)" : dir);
        String layer = env == null || env.jdk() == null ? null : env.jdk().nativeLayer();
        String jvm = layer == null ? jdk : jdk + " (" + layer + ")";
        return new Context((host == null ? "" : host + ": ") + where + ", " + jvm, dir, fs, jvm, env, host);
    }

    public Context renamed(String newLabel) {
        return new Context(newLabel, directory, filesystem, jdk, environment, host);
    }

    /** True when the environment says the target has no stable storage at all (tmpfs, ramfs). */
    public boolean hasNoStableStorage() {
        return environment != null && Boolean.FALSE.equals(environment.durableStorage());
    }

    /** Short name for messages: the filesystem and directory, e.g. "overlay /app"; in a fleet with its host, "host-a: overlay /app". */
    public String place() {
        return (host == null ? "" : host + ": ") + (filesystem == null ? "" : filesystem + " ") + (directory == null ? "?" : directory);
    }
}
