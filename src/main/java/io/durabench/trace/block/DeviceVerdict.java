package io.durabench.trace.block;

import io.durabench.results.DeviceLog;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What the devices' requests say of a method that claims durability. A write is stable on a device with a
 * volatile cache ("write back") only after a flush or as a FUA write; so a durable method whose operations
 * sent neither to such a device, at any level of the chain, is a trap here, whatever its system calls were:
 * "no flush reached vda: not durable here". A device without a volatile cache ("write through") needs none,
 * and the kernel drops flushes to it: that is said instead. A device whose cache sysfs does not state is taken to
 * need flushes. Judged on a fork's (or a row's) counts summed.
 */
public record DeviceVerdict(Kind kind, String device, String text) {
    public enum Kind {
        /** A flush or FUA write reached every write-back device of the chain. */
        REACHED,
        /** A write-back device received neither: not durable here. */
        TRAP,
        /** No device of the chain has a volatile cache. */
        NOT_NEEDED
    }

    /** The verdict on a durable method's counts; levels as {@link DeviceLog.Level}, the filesystem's first. */
    public static DeviceVerdict judge(List<DeviceLog.Level> levels) {
        if (levels.isEmpty()) throw new IllegalArgumentException("no device to judge");
        for (DeviceLog.Level l : levels) {
            if (needsFlushes(l) && l.flushes() == 0 && l.fuaWrites() == 0) {
                return new DeviceVerdict(Kind.TRAP, l.device(), "no flush reached " + l.device() + ": not durable here");
            }
        }
        List<DeviceLog.Level> writeBack = levels.stream().filter(DeviceVerdict::needsFlushes).toList();
        if (writeBack.isEmpty()) {
            String names = levels.stream().map(l -> l.device() + " (" + l.writeCache() + ")").collect(Collectors.joining(", "));
            return new DeviceVerdict(Kind.NOT_NEEDED, levels.get(levels.size() - 1).device(),
                    "no volatile cache under it (" + names + "): no flush is needed");
        }
        String names = writeBack.stream().map(DeviceLog.Level::device).collect(Collectors.joining(", "));
        return new DeviceVerdict(Kind.REACHED, writeBack.get(writeBack.size() - 1).device(), "flushes or FUA writes reached " + names);
    }

    /** A volatile cache, or one sysfs does not describe: only "write through" needs no flush. */
    private static boolean needsFlushes(DeviceLog.Level l) {
        return !"write through".equals(l.writeCache());
    }
}
