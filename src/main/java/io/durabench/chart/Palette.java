package io.durabench.chart;

import java.awt.Color;
import java.util.Locale;
import java.util.Map;

/**
 * The colours of every chart, fixed by name so that a colour means the same thing in every chart of
 * every run (docs/report.md, "Chart colours"). Okabe and Ito's set, which stays apart for
 * colour-blind readers and in print, with the yellow swapped for a brown that reads on white.
 *
 * <p>A <b>target</b>'s colour is its filesystem's: ext4 blue, XFS vermillion, btrfs bluish green,
 * ZFS reddish purple, F2FS orange, and grey for the filesystems that hold no storage (tmpfs,
 * ramfs): grey says "not a disk" before the legend does. Any other filesystem gets one of the
 * remaining colours from its name's hash ({@link String#hashCode} is fixed by the language, so
 * the choice is the same on every machine and in every run). Colours never depend on which
 * other targets a run holds: that is what made btrfs yellow in one run and blue in the next.
 */
public final class Palette {
    public static final Color BLUE = new Color(0x0072B2);
    public static final Color ORANGE = new Color(0xE69F00);
    public static final Color GREEN = new Color(0x009E73);
    public static final Color VERMILLION = new Color(0xD55E00);
    public static final Color PURPLE = new Color(0xCC79A7);
    public static final Color SKY = new Color(0x56B4E9);
    public static final Color BROWN = new Color(0x8C6D1F);
    public static final Color GREY = new Color(0x8A8A8A);
    public static final Color DARK = new Color(0x333333);

    /** The distinct colours above but grey: no panel can tell more series apart by colour. */
    public static final int SIZE = 8;

    private static final Map<String, Color> FILESYSTEMS = Map.of(
            "ext4", BLUE, "xfs", VERMILLION, "btrfs", GREEN, "zfs", PURPLE, "f2fs", ORANGE,
            "tmpfs", GREY, "ramfs", GREY);
    /** For a filesystem not named above: the colours no named one takes. */
    private static final Color[] OTHER_FILESYSTEMS = {SKY, BROWN, DARK};

    private Palette() {
    }

    /** The colour of every target on filesystem {@code fs} (null: unknown, which is a filesystem name like any other). */
    public static Color filesystem(String fs) {
        String key = fs == null ? "unknown" : fs.toLowerCase(Locale.ROOT);
        Color fixed = FILESYSTEMS.get(key);
        return fixed != null ? fixed : OTHER_FILESYSTEMS[Math.floorMod(key.hashCode(), OTHER_FILESYSTEMS.length)];
    }
}
