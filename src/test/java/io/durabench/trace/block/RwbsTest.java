package io.durabench.trace.block;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RwbsTest {

    @Test
    void aPureFlushIsPreflushAndTheFlushOperation() {
        Rwbs ff = Rwbs.parse("FF");
        assertTrue(ff.preflush());
        assertEquals('F', ff.op());
        assertTrue(ff.flush());
        assertFalse(ff.write());
        assertFalse(ff.fuaWrite());
    }

    @Test
    void aFuaWriteIsAWriteFollowedByF() {
        Rwbs wfs = Rwbs.parse("WFS");
        assertTrue(wfs.fuaWrite());
        assertTrue(wfs.sync());
        assertFalse(wfs.flush());
        assertTrue(Rwbs.parse("FWFSM").fuaWrite() && Rwbs.parse("FWFSM").flush() && Rwbs.parse("FWFSM").meta());
    }

    @Test
    void plainWritesAndReadsAreNeitherFlushNorFua() {
        for (String s : new String[] {"W", "WS", "WSM", "R", "RA", "RM", "D", "DE", "N"}) {
            Rwbs r = Rwbs.parse(s);
            assertFalse(r.flush() || r.fuaWrite(), s);
        }
        assertTrue(Rwbs.parse("WSM").meta());
        assertTrue(Rwbs.parse("F").flush(), "a flush operation without a preflush flag");
    }

    @Test
    void anythingElseIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Rwbs.parse(""));
        assertThrows(IllegalArgumentException.class, () -> Rwbs.parse("X"));
        assertThrows(IllegalArgumentException.class, () -> Rwbs.parse("WQ"));
    }
}
