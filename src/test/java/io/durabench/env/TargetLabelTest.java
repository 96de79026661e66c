package io.durabench.env;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TargetLabelTest {
    @Test
    void slashesBecomeDashesWithoutTheLeadingOne() {
        assertEquals("dev-shm", TargetLabel.label(Path.of("/dev/shm")));
        assertEquals("mnt-nvme-bench", TargetLabel.label(Path.of("/mnt/nvme/bench/")));
        assertEquals("mnt-nvme-bench", TargetLabel.label(Path.of("/mnt/nvme/./x/../bench")));
    }

    @Test
    void relativePathIsMadeAbsolute() {
        String expected = Path.of("").toAbsolutePath().toString().substring(1).replace('/', '-') + "-target";
        assertEquals(expected, TargetLabel.label(Path.of("target")));
    }

    @Test
    void rootGetsANameInsteadOfAnEmptyFolder() {
        assertEquals("root", TargetLabel.label(Path.of("/")));
    }
}
