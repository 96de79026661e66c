package io.durabench.lab;

import java.util.function.BooleanSupplier;

/** This machine's {@link LabHost} with one part swapped: a shell that fails or hangs, tools without mkfs.xfs, root or not. */
public final class Hosts {
    private Hosts() {
    }

    public static LabHost withShell(Shell shell) {
        LabHost h = LabHost.system();
        return new LabHost(shell, h.tools(), h.isRoot());
    }

    /** Tools found (and run) only where {@code tools} looks. */
    public static LabHost withTools(Tools tools, BooleanSupplier isRoot) {
        return new LabHost(new ProcessShell(tools), tools, isRoot);
    }

    public static LabHost withRoot(boolean root) {
        LabHost h = LabHost.system();
        return new LabHost(h.shell(), h.tools(), () -> root);
    }
}
