package io.durabench.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ToolsTest {

    @Test
    void aMissingMkfsNamesItsPackage(@TempDir Path empty) {
        Tools none = new Tools(List.of(empty));
        assertEquals("mkfs.xfs not found: apt-get install -y xfsprogs (durabench lab needs it)",
                assertThrows(LabRefusal.class, () -> none.require("mkfs.xfs")).getMessage());
        assertTrue(assertThrows(LabRefusal.class, () -> none.require("mkfs.btrfs")).getMessage().contains("btrfs-progs"));
        assertTrue(assertThrows(LabRefusal.class, () -> none.require("losetup")).getMessage().contains("apt-get install -y mount"));
    }

    @Test
    void findsAnExecutableInTheSearchPathOnly(@TempDir Path dir) throws Exception {
        Path tool = Files.createFile(dir.resolve("mkfs.ext4"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        Files.createFile(dir.resolve("mkfs.xfs")); // not executable
        Tools tools = new Tools(List.of(dir));
        assertEquals(tool, tools.require("mkfs.ext4"));
        assertTrue(tools.find("mkfs.xfs").isEmpty());
    }
}
