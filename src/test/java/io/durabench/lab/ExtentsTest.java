package io.durabench.lab;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExtentsTest {
    /** filefrag -v of e2fsprogs 1.47 on ext4, two extents. */
    static final String TWO_EXTENTS = """
            Filesystem type is: ef53
            File size of f is 327680 (80 blocks of 4096 bytes)
             ext:     logical_offset:        physical_offset: length:   expected: flags:
               0:        0..      39:      34816..     34855:     40:            \s
               1:       40..      79:      40000..     40039:     40:      34856: last,eof
            f: 2 extents found
            """;

    @Test
    void parsesPhysicalRangesInBytes() {
        Extents e = Extents.parseFilefrag(TWO_EXTENTS);
        assertEquals(327680, e.fileSize());
        assertEquals(List.of(new Extents.Extent(0, 34816L * 4096, 40 * 4096, true),
                new Extents.Extent(40 * 4096, 40000L * 4096, 40 * 4096, true)), e.extents());
        assertEquals(80L * 4096, e.bytes());
        assertEquals(List.of(), e.notMaterialized());
    }

    @Test
    void anEmptyFileHasNoExtents() {
        Extents e = Extents.parseFilefrag("Filesystem type is: ef53\nFile size of f is 0 (0 blocks of 4096 bytes)\nf: 0 extents found\n");
        assertEquals(0, e.bytes());
        assertEquals(List.of(), e.notMaterialized());
    }

    /** What mkfs.ext4 left in a zero-filled image: its zeroing of inode tables and journal became unwritten extents. */
    @Test
    void findsUnwrittenExtentsAndHoles() {
        Extents e = Extents.parseFilefrag("""
                File size of ext4.img is 65536 (16 blocks of 4096 bytes)
                 ext:     logical_offset:        physical_offset: length:   expected: flags:
                   0:        0..       1:    5931776..   5931777:      2:            \s
                   1:        2..       3:    5931778..   5931779:      2:             unwritten
                   2:        4..       4:    5931780..   5931780:      1:            \s
                   3:        7..       9:    5931783..   5931785:      3:    5931781: unwritten
                   4:       10..      11:    5931786..   5931787:      2:            \s
                ext4.img: 3 extents found
                """);
        List<long[]> gaps = e.notMaterialized();
        // blocks 2-3 unwritten; 5-6 a hole, merged with unwritten 7-9; 12-15 a hole at the end.
        assertEquals(3, gaps.size());
        assertArrayEquals(new long[] {2 * 4096, 4 * 4096}, gaps.get(0));
        assertArrayEquals(new long[] {5 * 4096, 10 * 4096}, gaps.get(1));
        assertArrayEquals(new long[] {12 * 4096, 16 * 4096}, gaps.get(2));
        assertEquals(11 * 4096, Extents.total(gaps));
    }

    @Test
    void outputWithoutABlockSizeIsAFailure() {
        assertThrows(LabFailure.class, () -> Extents.parseFilefrag("/dev/shm/x: FIBMAP/FIEMAP unsupported\n"));
    }
}
