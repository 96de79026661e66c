package io.durabench.pg;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.RoundingMode;
import org.junit.jupiter.api.Test;

/** pg's interval ends round outward, so a sub-microsecond line's printed interval still holds its number. */
class PgTableTest {
    @Test
    void intervalEndsRoundOutward() {
        // Temurin 25 on tmpfs: 0.4413 µs/op [0.4405, 0.4421] printed as [0.4, 0.4], which does not hold 0.44
        assertEquals("0.4", PgTable.micros(0.4405, RoundingMode.FLOOR));
        assertEquals("0.5", PgTable.micros(0.4421, RoundingMode.CEILING));
        assertEquals("517", PgTable.micros(517.2, RoundingMode.FLOOR));
        assertEquals("518", PgTable.micros(517.2, RoundingMode.CEILING));
        assertEquals("94.0", PgTable.micros(94.0, RoundingMode.CEILING), "an exact end stays as it is");
    }
}
