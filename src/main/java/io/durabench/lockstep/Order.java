package io.durabench.lockstep;

import java.util.Locale;

/**
 * Which side takes the first turn of each block. Inside a block the sides strictly alternate, so
 * the order decides who goes first at each block's start (and so who goes twice in a row across a
 * block boundary). ALTERNATE, the default, is ABBA by block: A first in even blocks, B in odd ones,
 * so neither side is systematically the one that follows the other. The fixed orders exist to
 * show that the ratio does not depend on the order (the cross-talk proof).
 */
public enum Order {
    ALTERNATE, A_FIRST, B_FIRST;

    /** The side whose turn opens block {@code block} (0-based). */
    public Side firstIn(int block) {
        return switch (this) {
            case ALTERNATE -> block % 2 == 0 ? Side.A : Side.B;
            case A_FIRST -> Side.A;
            case B_FIRST -> Side.B;
        };
    }

    /** "alternate", "a-first", "b-first": how options and lockstep.json spell it. */
    public String text() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static Order parse(String text) {
        for (Order o : values()) if (o.text().equals(text)) return o;
        throw new IllegalArgumentException("unknown order '" + text + "': use alternate, a-first or b-first");
    }
}
