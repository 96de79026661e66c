package io.durabench.trace.block;

import io.durabench.env.BlockDevice;
import io.durabench.env.Environment;
import io.durabench.env.EnvironmentProbe;
import io.durabench.trace.TraceFailedException;
import io.durabench.trace.TraceUnavailableException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The block devices a target's writes pass through, as the environment probe finds them: the target's st_dev
 * to its disk in /sys/dev/block (a partition resolved to its disk, whose queue the requests go through), then
 * for a loop device its backing_file and that file's device, down to a disk that is no loop. A device mapper
 * or md device ends the chain (its members are not followed). No block device at all (tmpfs) is n/a.
 */
final class DeviceChain {
    private DeviceChain() {
    }

    static List<ChainDevice> of(Path dir) throws TraceUnavailableException {
        Environment env = EnvironmentProbe.capture(dir);
        if (env.device() == null) {
            String fs = env.target() == null ? "no filesystem" : env.target().filesystem();
            throw new TraceUnavailableException("no block device under " + dir + " (" + fs + "): nothing written there reaches a device");
        }
        List<ChainDevice> chain = new ArrayList<>();
        for (BlockDevice d = env.device(); d != null; d = d.loop() == null ? null : d.loop().backingDevice()) {
            String mm = majorMinor(d);
            chain.add(new ChainDevice(chain.size(), d.name(), mm, ChainDevice.kernelDev(mm), d.writeCache()));
        }
        return List.copyOf(chain);
    }

    /** /sys/block/NAME/dev: "254:0". */
    private static String majorMinor(BlockDevice d) {
        Path dev = Path.of(d.sysfsPath(), "dev");
        try {
            return Files.readString(dev).strip();
        } catch (IOException e) {
            throw new TraceFailedException("reading " + dev + " failed: " + e.getMessage());
        }
    }
}
