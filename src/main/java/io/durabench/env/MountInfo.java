package io.durabench.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One line of /proc/self/mountinfo (see proc(5)):
 * {@code 36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue}.
 * Paths and sources are unescaped ({@code \040} is a space).
 *
 * @param majorMinor   st_dev of the filesystem, "MAJ:MIN"; major 0 means no block device
 *                     (tmpfs, overlay, nfs, btrfs subvolumes...)
 * @param root         the directory of the filesystem that is mounted here (bind mounts)
 * @param mountOptions per-mount options (rw, noatime, nosuid...)
 * @param superOptions per-superblock options, the filesystem's own (barrier, discard, data=...)
 */
public record MountInfo(int mountId, int parentId, String majorMinor, String root, String mountPoint,
                        String mountOptions, String fsType, String source, String superOptions) {

    public static final Path PROC_SELF_MOUNTINFO = Path.of("/proc/self/mountinfo");

    /** The mounts of this process's mount namespace, in kernel order (a later mount may cover an earlier one). */
    public static List<MountInfo> readProc() {
        try {
            return parse(Files.readAllLines(PROC_SELF_MOUNTINFO));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + PROC_SELF_MOUNTINFO + ": " + e.getMessage(), e);
        }
    }

    public static List<MountInfo> parse(List<String> lines) {
        List<MountInfo> mounts = new ArrayList<>();
        for (String line : lines) {
            if (!line.isBlank()) mounts.add(parseLine(line));
        }
        return mounts;
    }

    public static MountInfo parseLine(String line) {
        String[] f = line.trim().split(" ");
        // Optional fields (shared:N, master:N...) vary in number; a lone "-" ends them.
        int dash = -1;
        for (int i = 6; i < f.length; i++) {
            if (f[i].equals("-")) {
                dash = i;
                break;
            }
        }
        if (f.length < 7 || dash < 0 || f.length < dash + 3) {
            throw new IllegalArgumentException("not a mountinfo line: " + line);
        }
        String superOptions = f.length > dash + 3 ? f[dash + 3] : "";
        return new MountInfo(Integer.parseInt(f[0]), Integer.parseInt(f[1]), f[2], unescape(f[3]),
                unescape(f[4]), f[5], unescape(f[dash + 1]), unescape(f[dash + 2]), superOptions);
    }

    /** The kernel writes space, tab, newline and backslash in paths as 3-digit octal escapes. */
    static String unescape(String s) {
        if (s.indexOf('\\') < 0) return s;
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && isOctal(s, i + 1, 3)) {
                out.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean isOctal(String s, int from, int n) {
        if (from + n > s.length()) return false;
        for (int i = from; i < from + n; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '7') return false;
        }
        return true;
    }

    /**
     * The mount that holds {@code realPath} (an absolute path with symlinks resolved): the longest
     * mount point that is a prefix of it. Two refinements keep that honest: when several mounts share
     * the longest mount point (a later mount covers an earlier one) the last one wins; and when the
     * caller knows the path's st_dev ({@code deviceOfPath}, "MAJ:MIN", may be null), mounts of
     * another device are ignored — that also handles a parent overmount hiding a child mount.
     */
    public static Optional<MountInfo> containing(List<MountInfo> mounts, String realPath, String deviceOfPath) {
        Optional<MountInfo> best = longestPrefix(mounts, realPath, deviceOfPath);
        return best.isPresent() || deviceOfPath == null ? best : longestPrefix(mounts, realPath, null);
    }

    private static Optional<MountInfo> longestPrefix(List<MountInfo> mounts, String realPath, String device) {
        MountInfo best = null;
        for (MountInfo m : mounts) {
            if (device != null && !device.equals(m.majorMinor)) continue;
            if (!isUnder(realPath, m.mountPoint)) continue;
            if (best == null || m.mountPoint.length() >= best.mountPoint.length()) best = m;
        }
        return Optional.ofNullable(best);
    }

    static boolean isUnder(String path, String mountPoint) {
        if (mountPoint.equals("/")) return path.startsWith("/");
        return path.equals(mountPoint) || path.startsWith(mountPoint + "/");
    }

    /** The major device number; 0 for filesystems without a block device of their own. */
    public int major() {
        return Integer.parseInt(majorMinor.substring(0, majorMinor.indexOf(':')));
    }
}
