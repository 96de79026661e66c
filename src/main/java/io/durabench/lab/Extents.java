package io.durabench.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a file's data sits, from `filefrag -v` (the FIEMAP ioctl): the lab finds the parts of an
 * image that are not plain written blocks on the host (holes, unwritten extents), which the first
 * write into them would have to allocate or convert.
 */
record Extents(long fileSize, List<Extent> extents) {
    private static final Pattern SIZE = Pattern.compile("File size of .* is (\\d+) \\(\\d+ blocks? of (\\d+) bytes\\)");
    private static final Pattern EXTENT = Pattern.compile(
            "^\\s*\\d+:\\s*(\\d+)\\.\\.\\s*(\\d+):\\s*(\\d+)\\.\\.\\s*(\\d+):\\s*(\\d+):(.*)$");

    /** One extent, in bytes; {@code materialized} is false for unwritten, delayed or unknown-location extents. */
    record Extent(long logical, long physical, long length, boolean materialized) {
    }

    static Extents parseFilefrag(String output) {
        Matcher size = SIZE.matcher(output);
        if (!size.find()) throw new LabFailure("filefrag output has no file size: " + output.lines().findFirst().orElse(""));
        long fileSize = Long.parseLong(size.group(1));
        long block = Long.parseLong(size.group(2));
        List<Extent> list = new ArrayList<>();
        for (String line : output.split("\n")) {
            Matcher m = EXTENT.matcher(line);
            if (!m.find()) continue;
            String flags = m.group(6);
            boolean materialized = !(flags.contains("unwritten") || flags.contains("delalloc") || flags.contains("unknown_loc"));
            list.add(new Extent(Long.parseLong(m.group(1)) * block, Long.parseLong(m.group(3)) * block,
                    Long.parseLong(m.group(5)) * block, materialized));
        }
        return new Extents(fileSize, List.copyOf(list));
    }

    /** Bytes mapped to the device (written or not). */
    long bytes() {
        long sum = 0;
        for (Extent e : extents) sum += e.length;
        return sum;
    }

    /**
     * The file ranges [start, end) that are not written blocks: holes (no extent) and unwritten
     * (or not yet allocated) extents, merged where they touch, within the file size.
     */
    List<long[]> notMaterialized() {
        List<long[]> out = new ArrayList<>();
        long cursor = 0;
        List<Extent> sorted = new ArrayList<>(extents);
        sorted.sort((a, b) -> Long.compare(a.logical, b.logical));
        for (Extent e : sorted) {
            if (e.logical > cursor) add(out, cursor, Math.min(e.logical, fileSize));
            if (!e.materialized) add(out, e.logical, Math.min(e.logical + e.length, fileSize));
            cursor = Math.max(cursor, e.logical + e.length);
        }
        if (cursor < fileSize) add(out, cursor, fileSize);
        return out;
    }

    static long total(List<long[]> ranges) {
        long sum = 0;
        for (long[] r : ranges) sum += r[1] - r[0];
        return sum;
    }

    private static void add(List<long[]> out, long start, long end) {
        if (end <= start) return;
        if (!out.isEmpty() && out.get(out.size() - 1)[1] == start) out.get(out.size() - 1)[1] = end;
        else out.add(new long[] {start, end});
    }
}
