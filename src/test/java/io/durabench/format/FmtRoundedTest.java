package io.durabench.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Prose times: grouped digits as ever, and an absurd interval bound (2-fork t at 99.9%) short instead of 48 digits. */
class FmtRoundedTest {
    @Test
    void ordinaryTimesKeepTheirDigitsAndAbsurdOnesAreShort() {
        assertEquals("0.37", Fmt.usRounded(0.3712));
        assertEquals("3,122", Fmt.usRounded(3122.4));
        assertEquals("190,695,070", Fmt.usRounded(190_695_070));
        assertEquals("9.5e+48", Fmt.usRounded(9.4858e48));
    }
}
