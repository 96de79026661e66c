package io.durabench.env;

import java.nio.file.Path;

/**
 * The folder name of one target's results: its absolute path with '/' turned into '-' and the
 * leading '-' dropped (/dev/shm -> dev-shm). The path is not resolved through symlinks, so the
 * label reads like what the user typed.
 */
public final class TargetLabel {
    /** "/" would otherwise give an empty name, i.e. results written straight into the output folder. */
    static final String ROOT_LABEL = "root";

    private TargetLabel() {
    }

    public static String label(Path dir) {
        String abs = dir.toAbsolutePath().normalize().toString();
        String label = abs.replace('/', '-');
        if (label.startsWith("-")) label = label.substring(1);
        return label.isEmpty() ? ROOT_LABEL : label;
    }
}
