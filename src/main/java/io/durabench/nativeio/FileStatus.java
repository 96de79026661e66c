package io.durabench.nativeio;

/**
 * The few fields of a struct stat that durabench reads: which file it is (device and inode), whether
 * it is a regular file, and the 512-byte blocks allocated to it.
 */
public record FileStatus(long device, long inode, boolean regularFile, long blocks) {
    public boolean sameFileAs(FileStatus o) {
        return o != null && device == o.device && inode == o.inode;
    }
}
