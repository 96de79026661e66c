package io.durabench.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a file's data sits on its filesystem's device, from `filefrag -v` (the FIEMAP ioctl): the
 * quiet check uses it to show that its second pass wrote the same device blocks as its first, and
 * so the same blocks of the image file on the host. (On btrfs the "physical" offsets are btrfs
 * logical addresses; equal addresses are still the same blocks.)
 */
record Extents(List<long[]> ranges) {
    private static final Pattern BLOCK_SIZE = Pattern.compile("\\(\\d+ blocks? of (\\d+) bytes\\)");
    private static final Pattern EXTENT = Pattern.compile("^\\s*\\d+:\\s*\\d+\\.\\.\\s*\\d+:\\s*(\\d+)\\.\\.\\s*(\\d+):\\s*(\\d+):");

    /** Parses `filefrag -v FILE` output into byte ranges [start, end). */
    static Extents parseFilefrag(String output) {
        Matcher bs = BLOCK_SIZE.matcher(output);
        if (!bs.find()) throw new LabFailure("filefrag output has no block size: " + output.lines().findFirst().orElse(""));
        long block = Long.parseLong(bs.group(1));
        List<long[]> ranges = new ArrayList<>();
        for (String line : output.split("\n")) {
            Matcher m = EXTENT.matcher(line);
            if (m.find()) {
                long first = Long.parseLong(m.group(1));
                long length = Long.parseLong(m.group(3));
                ranges.add(new long[] {first * block, (first + length) * block});
            }
        }
        return new Extents(List.copyOf(ranges));
    }

    long bytes() {
        long sum = 0;
        for (long[] r : ranges) sum += r[1] - r[0];
        return sum;
    }

    /** The fraction of this file's bytes that lie in {@code other}'s ranges; 0 for an empty file. */
    double fractionCoveredBy(Extents other) {
        long total = bytes();
        if (total == 0) return 0;
        long covered = 0;
        for (long[] a : ranges) {
            for (long[] b : other.ranges) {
                long lo = Math.max(a[0], b[0]);
                long hi = Math.min(a[1], b[1]);
                if (hi > lo) covered += hi - lo;
            }
        }
        return (double) covered / total;
    }
}
