package io.durabench.report.chart;

import io.durabench.chart.Look;
import io.durabench.chart.Marker;
import io.durabench.chart.Palette;
import io.durabench.workload.SyncMethod;
import java.awt.Color;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The look of a sync method wherever colour encodes the method (single-target charts, the cost
 * model's panels), fixed by the method's name. One colour per thing the kernel is asked to do
 * (fsync, fdatasync, O_DSYNC, O_SYNC, O_DIRECT|O_DSYNC, msync, sync_file_range, O_DIRECT alone),
 * each with a mark of its own as well, so that a reader who cannot tell the colours apart still
 * tells the methods apart: FSYNC a blue circle, FDATASYNC a vermillion diamond, O_DSYNC a green
 * square... The JDK's ways to the same call, and pwritev2's and io_uring's, share its colour and take
 * the next marks in turn (CHANNEL_FORCE_DATA, fdatasync through FileChannel, a vermillion square;
 * URING_FDATASYNC, fdatasync through io_uring, a vermillion pentagon). docs/report.md lists
 * them all.
 */
public final class MethodLooks {
    private static final Map<SyncMethod, Look> LOOKS = new EnumMap<>(SyncMethod.class);

    static {
        family(Palette.DARK, 0, SyncMethod.NONE);
        family(Palette.BLUE, 0, SyncMethod.FSYNC, SyncMethod.CHANNEL_FORCE_ALL, SyncMethod.STREAM_FD_SYNC,
                SyncMethod.CHANNEL_FORCE_ALL_VIRTUAL, SyncMethod.CHANNEL_FORCE_ALL_PLATFORM);
        family(Palette.VERMILLION, 1, SyncMethod.FDATASYNC, SyncMethod.CHANNEL_FORCE_DATA,
                SyncMethod.CHANNEL_FORCE_DATA_VIRTUAL, SyncMethod.CHANNEL_FORCE_DATA_PLATFORM, SyncMethod.URING_FDATASYNC);
        family(Palette.GREEN, 2, SyncMethod.O_DSYNC, SyncMethod.CHANNEL_DSYNC, SyncMethod.RAF_RWD,
                SyncMethod.CHANNEL_DSYNC_VIRTUAL, SyncMethod.CHANNEL_DSYNC_PLATFORM, SyncMethod.PWRITEV2_DSYNC, SyncMethod.URING_DSYNC);
        family(Palette.ORANGE, 3, SyncMethod.O_SYNC, SyncMethod.CHANNEL_SYNC, SyncMethod.RAF_RWS);
        family(Palette.PURPLE, 4, SyncMethod.O_DIRECT_DSYNC, SyncMethod.CHANNEL_DIRECT_DSYNC, SyncMethod.URING_DIRECT_DSYNC);
        family(Palette.SKY, 5, SyncMethod.MMAP_FORCE);
        family(Palette.BROWN, 6, SyncMethod.SYNC_FILE_RANGE);
        family(Palette.GREY, 0, SyncMethod.O_DIRECT, SyncMethod.CHANNEL_DIRECT);
    }

    /** Colours for a method durabench does not know (another family's, a future one): by its name's hash. */
    private static final List<Color> OTHERS = List.of(Palette.BLUE, Palette.ORANGE, Palette.GREEN, Palette.VERMILLION,
            Palette.PURPLE, Palette.SKY, Palette.BROWN, Palette.DARK);

    private MethodLooks() {
    }

    /**
     * One colour's methods: the first takes mark {@code first} of {@link Marker#SHAPES}, the next
     * the mark after it, and so on round (null: a slot no method takes).
     */
    private static void family(Color colour, int first, SyncMethod... members) {
        for (int i = 0; i < members.length; i++) {
            if (members[i] != null) LOOKS.put(members[i], new Look(colour, Marker.SHAPES[(first + i) % Marker.SHAPES.length]));
        }
    }

    /** The look of a method label (a SyncMethod name, with or without the chart's " *"). */
    public static Look of(String label) {
        SyncMethod m = method(label);
        Look known = m == null ? null : LOOKS.get(m);
        if (known != null) return known;
        // A constant added to SyncMethod without a line above still gets a look of its own, if not a chosen one.
        int h = Math.floorMod(label.hashCode(), OTHERS.size() * 3);
        return new Look(OTHERS.get(h % OTHERS.size()), Marker.SHAPES[h / OTHERS.size()]);
    }

    /** The method a label names, or null when it names none. */
    static SyncMethod method(String label) {
        String name = label.endsWith(" *") ? label.substring(0, label.length() - 2) : label;
        try {
            return SyncMethod.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Declaration order of SyncMethod (the order the tables use), unknown labels after it. */
    static int order(String label) {
        SyncMethod m = method(label);
        return m == null ? Integer.MAX_VALUE : m.ordinal();
    }
}
