package io.durabench.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class VariantTest {

    @Test
    void namesParseInAnyMixOfCommasAndSpaces() {
        assertEquals(List.of(Variant.EXT4, Variant.XFS, Variant.BTRFS_NODATACOW, Variant.TMPFS),
                Variant.parseList(List.of("ext4,xfs", "btrfs-nodatacow", " tmpfs")));
        assertEquals(Variant.EXT4_JOURNAL, Variant.parse("EXT4-journal"));
    }

    @Test
    void unknownRepeatedOrMissingNamesAreRefusedWithTheValidNames() {
        LabRefusal unknown = assertThrows(LabRefusal.class, () -> Variant.parse("zfs"));
        assertEquals("unknown lab variant 'zfs': use ext4, ext4-journal, ext4-nobarrier, xfs, btrfs, btrfs-nodatacow, tmpfs", unknown.getMessage());
        assertTrue(assertThrows(LabRefusal.class, () -> Variant.parseList(List.of("ext4,ext4"))).getMessage().contains("given twice"));
        assertTrue(assertThrows(LabRefusal.class, () -> Variant.parseList(List.of(" , "))).getMessage().startsWith("no lab variant given"));
    }

    @Test
    void everyImageVariantIsMadeWithoutDiscardAndExt4WithoutLazyInit() {
        assertEquals(List.of("mkfs.ext4", "-q", "-F", "-b", "4096", "-E", "nodiscard,lazy_itable_init=0,lazy_journal_init=0", "/dev/loop7"),
                Variant.EXT4_JOURNAL.mkfsCommand("/dev/loop7"));
        assertEquals(List.of("mkfs.xfs", "-q", "-f", "-K", "/dev/loop7"), Variant.XFS.mkfsCommand("/dev/loop7"));
        assertEquals(List.of("mkfs.btrfs", "-q", "-f", "-K", "/dev/loop7"), Variant.BTRFS_NODATACOW.mkfsCommand("/dev/loop7"));
        for (Variant v : Variant.values()) {
            if (v.usesImage()) assertTrue(v.mountOptions(1024).contains("nodiscard"), v + " mounts with discard");
        }
        assertThrows(IllegalStateException.class, () -> Variant.TMPFS.mkfsCommand("/dev/loop7"));
        assertTrue(Variant.TMPFS.mkfsProgram().isEmpty());
    }

    @Test
    void mountOptionsNameTheSettingResearchersCompare() {
        assertTrue(Variant.EXT4.mountOptions(1024).startsWith("data=ordered,"));
        assertTrue(Variant.EXT4_JOURNAL.mountOptions(1024).startsWith("data=journal,"));
        assertTrue(Variant.BTRFS_NODATACOW.mountOptions(1024).startsWith("nodatacow,"));
        assertFalse(Variant.BTRFS.mountOptions(1024).contains("nodatacow"));
        assertEquals("size=512m,mode=0755,huge=never", Variant.TMPFS.mountOptions(512));
    }

    @Test
    void directIoIsNotApplicableOnExt4DataJournalOnly() {
        assertTrue(Variant.EXT4_JOURNAL.notApplicable("O_DIRECT").orElseThrow().contains("the NONE row"));
        assertTrue(Variant.EXT4_JOURNAL.notApplicable("O_DIRECT_DSYNC").orElseThrow().contains("the O_DSYNC row"));
        assertTrue(Variant.EXT4_JOURNAL.notApplicable("FDATASYNC").isEmpty());
        for (Variant v : List.of(Variant.EXT4, Variant.XFS, Variant.BTRFS, Variant.BTRFS_NODATACOW, Variant.TMPFS)) {
            assertTrue(v.notApplicable("O_DIRECT").isEmpty(), v.id());
        }
    }

    @Test
    void directWritesSmallerThanTheLoopSectorAreNotApplicableOnImagesOnly() {
        assertTrue(Variant.XFS.notApplicable("O_DIRECT", 512).orElseThrow().contains("4096-byte logical sectors"));
        assertTrue(Variant.XFS.notApplicable("O_DIRECT_DSYNC", 8192).isEmpty());
        assertTrue(Variant.XFS.notApplicable("FDATASYNC", 512).isEmpty());
        assertTrue(Variant.TMPFS.notApplicable("O_DIRECT", 512).isEmpty(), "tmpfs O_DIRECT is the feasibility probe's to report");
        // The data=journal reason wins at every size: it is the more fundamental one.
        assertTrue(Variant.EXT4_JOURNAL.notApplicable("O_DIRECT", 512).orElseThrow().startsWith("ext4 data=journal"));
    }

    @Test
    void minimumSizesAreWhatMkfsAccepts() {
        assertEquals(300, Variant.XFS.minimumMiB());
        assertEquals(256, Variant.BTRFS.minimumMiB());
        assertEquals(List.of(Variant.EXT4, Variant.XFS, Variant.BTRFS), Variant.DEFAULTS);
    }
}
