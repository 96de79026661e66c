package io.durabench.report;

import io.durabench.env.Environment;

/**
 * Where a result was measured: target directory and filesystem, and the JDK. Results are only
 * compared (ratios, costs) within one context; the same method across contexts is what the
 * ratio-misleads warning looks at.
 *
 * @param environment null when the results came without an environment.json
 */
public record Context(String label, String directory, String filesystem, String jdk, Environment environment) {

    public static Context of(Environment env, String targetDirParam, String jdk) {
        String dir = env != null && env.targetDirectory() != null ? env.targetDirectory() : targetDirParam;
        String fs = env != null ? env.filesystem() : null;
        String where = (fs == null ? "filesystem unknown" : fs) + " " + (dir == null ? "(directory unknown)" : dir);
        return new Context(where + ", " + jdk, dir, fs, jdk, env);
    }

    public Context renamed(String newLabel) {
        return new Context(newLabel, directory, filesystem, jdk, environment);
    }

    /** True when the environment says the target has no stable storage at all (tmpfs, ramfs). */
    public boolean hasNoStableStorage() {
        return environment != null && Boolean.FALSE.equals(environment.durableStorage());
    }

    /** Short name for messages: the filesystem and directory, e.g. "overlay /app". */
    public String place() {
        return (filesystem == null ? "" : filesystem + " ") + (directory == null ? "?" : directory);
    }
}
