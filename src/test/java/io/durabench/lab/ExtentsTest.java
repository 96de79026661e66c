package io.durabench.lab;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
        assertEquals(2, e.ranges().size());
        assertArrayEquals(new long[] {34816L * 4096, 34856L * 4096}, e.ranges().get(0));
        assertArrayEquals(new long[] {40000L * 4096, 40040L * 4096}, e.ranges().get(1));
        assertEquals(80L * 4096, e.bytes());
    }

    @Test
    void anEmptyFileHasNoExtents() {
        Extents e = Extents.parseFilefrag("Filesystem type is: ef53\nFile size of f is 0 (0 blocks of 4096 bytes)\nf: 0 extents found\n");
        assertEquals(0, e.bytes());
        assertEquals(0.0, e.fractionCoveredBy(e));
    }

    @Test
    void coverageCountsOnlyTheOverlap() {
        Extents first = Extents.parseFilefrag(TWO_EXTENTS);
        assertEquals(1.0, first.fractionCoveredBy(first));
        Extents shifted = Extents.parseFilefrag("""
                File size of g is 327680 (80 blocks of 4096 bytes)
                   0:        0..      79:      34836..     34915:     80:             last,eof
                """);
        // shifted covers 34836..34915: 20 blocks overlap the first extent, none the second.
        assertEquals(20.0 / 80, shifted.fractionCoveredBy(first), 1e-12);
        assertEquals(20.0 / 80, first.fractionCoveredBy(shifted), 1e-12);
    }

    @Test
    void outputWithoutABlockSizeIsAFailure() {
        assertThrows(LabFailure.class, () -> Extents.parseFilefrag("/dev/shm/x: FIBMAP/FIEMAP unsupported\n"));
    }
}
