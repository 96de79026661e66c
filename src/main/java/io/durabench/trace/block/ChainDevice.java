package io.durabench.trace.block;

/**
 * One block device under a target: {@code level} 0 is the filesystem's own, each next one the device under the
 * previous loop device's backing file. {@code kernelDev} is the device number as the block tracepoints carry
 * it (the kernel's own dev_t: the major above bit 20), {@code writeCache} sysfs's queue/write_cache.
 */
public record ChainDevice(int level, String name, String majorMinor, long kernelDev, String writeCache) {
    /** "MAJ:MIN" -> the kernel's dev_t (MINORBITS 20), which the tracepoints print and filters compare. */
    static long kernelDev(String majorMinor) {
        String[] mm = majorMinor.split(":");
        if (mm.length != 2) throw new IllegalArgumentException("not MAJ:MIN: " + majorMinor);
        return (Long.parseLong(mm[0]) << 20) | Long.parseLong(mm[1]);
    }

    /** A volatile cache: what it holds is lost at power loss unless a flush or a FUA write made it stable. */
    public boolean writeBack() {
        return "write back".equals(writeCache);
    }
}
