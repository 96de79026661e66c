package io.durabench.lab;

import java.nio.file.Path;
import java.util.List;

/**
 * A child process for the killed-owner tests: brings a lab up and stays alive (until SIGKILL),
 * optionally hanging at one step of `up` so the test can kill it half-way.
 *
 * <p>Arguments: LAB_DIR MOUNT_ROOT SIZE_MIB VARIANTS HANG, where HANG is "none" (print READY once
 * up, then sleep), "before-mount" (print HANGING instead of running mount) or "after-losetup"
 * (attach the loop device, print HANGING before the lab can record it).
 */
public final class LabHolder {
    public static void main(String[] args) throws Exception {
        LabConfig config = new LabConfig(Path.of(args[0]), Path.of(args[1]), Long.parseLong(args[2]));
        List<Variant> variants = Variant.parseList(List.of(args[3]));
        String hang = args[4];
        Shell real = LabHost.system().shell();
        Shell shell = command -> {
            boolean isMount = command.get(0).equals("mount");
            boolean isAttach = command.get(0).equals("losetup") && command.contains("--find");
            if (hang.equals("before-mount") && isMount) hangForever();
            Shell.Result r = real.run(command);
            if (hang.equals("after-losetup") && isAttach) hangForever();
            return r;
        };
        Lab lab = Lab.create(config, line -> { }, LabHost.system().withShell(shell));
        lab.up(variants);
        System.out.println("READY");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }

    private static void hangForever() {
        System.out.println("HANGING");
        System.out.flush();
        try {
            Thread.sleep(Long.MAX_VALUE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
