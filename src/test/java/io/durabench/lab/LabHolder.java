package io.durabench.lab;

import java.nio.file.Path;
import java.util.List;

/**
 * A child process for the killed-owner tests: brings a lab up and stays alive (until SIGKILL),
 * optionally hanging at one step of `up` so the test can kill it half-way.
 *
 * <p>Arguments: LAB_DIR MOUNT_ROOT SIZE_MIB VARIANTS HANG, where HANG is "none" (print READY once
 * up, then sleep), "before-mount" (print HANGING instead of running mount), "after-losetup"
 * (attach the loop device, print HANGING before the lab can record it), or "hook-slow-mount"
 * (install the shutdown hook, print AT-MOUNT and take 2 s over the first mount, as a slow step
 * that a Ctrl-C interrupts).
 */
public final class LabHolder {
    public static void main(String[] args) throws Exception {
        LabConfig config = new LabConfig(Path.of(args[0]), Path.of(args[1]), Long.parseLong(args[2]));
        List<Variant> variants = Variant.parseList(List.of(args[3]));
        String hang = args[4];
        Shell real = LabHost.system().shell();
        boolean[] slowed = {false};
        Shell shell = command -> {
            boolean isMount = command.get(0).equals("mount");
            if (hang.equals("hook-slow-mount") && isMount && !slowed[0]) {
                slowed[0] = true;
                System.out.println("AT-MOUNT");
                System.out.flush();
                sleep(2000);
            }
            boolean isAttach = command.get(0).equals("losetup") && command.contains("--find");
            if (hang.equals("before-mount") && isMount) hangForever();
            Shell.Result r = real.run(command);
            if (hang.equals("after-losetup") && isAttach) hangForever();
            return r;
        };
        Lab lab = Lab.create(config, line -> { }, Hosts.withShell(shell));
        if (hang.startsWith("hook")) lab.installShutdownHook();
        lab.up(variants);
        System.out.println("READY");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
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
