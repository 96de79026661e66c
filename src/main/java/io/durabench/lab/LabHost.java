package io.durabench.lab;

import io.durabench.nativeio.NativeLayers;
import java.util.function.BooleanSupplier;

/**
 * What the lab needs from the machine: a way to run tools, a way to find them, and whether this
 * process may use losetup, mkfs and mount. Tests swap one part (a shell whose mount fails, tools
 * without mkfs.xfs, "not root") and keep the rest real.
 */
public record LabHost(Shell shell, Tools tools, BooleanSupplier isRoot) {

    /** This machine, as it is. */
    public static LabHost system() {
        Tools tools = Tools.system();
        return new LabHost(new ProcessShell(tools), tools, LabHost::effectiveUidIsRoot);
    }

    /** Refuses, in one line, unless this process runs as root. */
    public void requireRoot() {
        if (!isRoot.getAsBoolean()) {
            throw new LabRefusal("durabench lab needs root (losetup, mkfs, mount): run it as root");
        }
    }

    private static boolean effectiveUidIsRoot() {
        return NativeLayers.current().geteuid() == 0;
    }
}
