package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.lab.Hosts;
import io.durabench.lab.LabHost;
import io.durabench.lab.LabSandbox;
import io.durabench.lab.Tools;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** `durabench lab`: refusals are one line and exit 2 (no root needed to test them); a real up/status/down needs root. */
class LabCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int execute(LabHost host, String... args) {
        CommandLine cl = new CommandLine(new LabCommand(host));
        cl.setExecutionExceptionHandler(new OneLineErrors());
        cl.setParameterExceptionHandler(new OneLineErrors());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private static LabHost notRoot() {
        return Hosts.withRoot(false);
    }

    @Test
    void withoutRootUpDownAndCheckRefuseInOneLineAndTouchNothing(@TempDir Path tmp) {
        Path lab = tmp.resolve("lab");
        for (String[] args : List.of(
                new String[] {"up", "ext4", "--dir", lab.toString(), "--mount-root", tmp.resolve("mnt").toString()},
                new String[] {"down", "--dir", lab.toString()},
                new String[] {"check", "--dir", lab.toString()})) {
            out.getBuffer().setLength(0);
            err.getBuffer().setLength(0);
            assertEquals(2, execute(notRoot(), args), String.join(" ", args));
            assertEquals("durabench: durabench lab needs root (losetup, mkfs, mount): run it as root", err.toString().strip());
            assertEquals("", out.toString());
        }
        assertFalse(Files.exists(lab));
        assertFalse(Files.exists(tmp.resolve("mnt")));
    }

    @Test
    void statusNeedsNoRootAndSaysWhenNoLabIsUp(@TempDir Path tmp) {
        assertEquals(0, execute(notRoot(), "status", "--dir", tmp.toString()));
        assertEquals("no lab is up in " + tmp, out.toString().strip());
    }

    @Test
    void anUnknownVariantIsOneLineWithTheValidNames(@TempDir Path tmp) {
        assertEquals(2, execute(Hosts.withRoot(true), "up", "ext5", "--dir", tmp.resolve("lab").toString()));
        assertEquals("durabench: unknown lab variant 'ext5': use ext4, ext4-journal, ext4-nobarrier, xfs, btrfs, btrfs-nodatacow, tmpfs", err.toString().strip());
        assertFalse(Files.exists(tmp.resolve("lab")));
    }

    @Test
    void aMissingMkfsIsOneLineNamingItsPackage(@TempDir Path tmp) throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        for (String tool : List.of("losetup", "mount", "umount", "sync", "filefrag", "stat", "mkfs.ext4")) {
            Files.createSymbolicLink(bin.resolve(tool), Tools.system().require(tool));
        }
        LabHost rootWithoutXfsprogs = Hosts.withTools(new Tools(List.of(bin)), () -> true);
        assertEquals(2, execute(rootWithoutXfsprogs, "up", "ext4", "xfs", "--dir", tmp.resolve("lab").toString()));
        assertEquals("durabench: mkfs.xfs not found: apt-get install -y xfsprogs (durabench lab needs it)", err.toString().strip());
        assertFalse(Files.exists(tmp.resolve("lab")));
    }

    @Test
    void aMissingSubcommandIsAUsageError() {
        assertEquals(2, execute(LabHost.system()));
        assertEquals("durabench: missing lab command: up, status, down or check", err.toString().strip());
    }

    /** A stray '%' in a description makes picocli print a warning instead of the help. */
    @Test
    void everyHelpRendersWithoutPicocliWarnings() {
        java.io.PrintStream saved = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true));
        try {
            CommandLine lab = new CommandLine(new LabCommand(LabHost.system()));
            lab.getUsageMessage();
            for (CommandLine sub : lab.getSubcommands().values()) assertTrue(sub.getUsageMessage().contains("Usage:"));
        } finally {
            System.setErr(saved);
        }
        assertEquals("", captured.toString());
    }

    @Test
    void theLabCommandIsRegistered() {
        assertTrue(DurabenchMain.commandLine().getSubcommands().containsKey("lab"));
    }

    /** The real thing, through the CLI: up, status, down. Needs root (skips otherwise). */
    @Test
    void upStatusDownOnExt4(@TempDir Path tmp) throws Exception {
        LabSandbox.assumeLabCapable(List.of());
        Path base = Files.createDirectories(Path.of("target", "lab-tests").toAbsolutePath()).resolve("cli-" + ProcessHandle.current().pid());
        Path lab = base.resolve("lab");
        Path mnt = base.resolve("mnt");
        try {
            assertEquals(0, execute(LabHost.system(), "up", "ext4", "tmpfs", "--dir", lab.toString(), "--mount-root", mnt.toString(), "--size", "64"), err.toString());
            assertTrue(out.toString().contains("up: ext4  " + mnt.resolve("ext4/data")), out.toString());
            assertTrue(out.toString().contains("benchmark with: durabench run --dir " + mnt.resolve("ext4/data")), out.toString());

            out.getBuffer().setLength(0);
            assertEquals(0, execute(LabHost.system(), "status", "--dir", lab.toString()));
            List<String> lines = out.toString().lines().toList();
            assertEquals(3, lines.size(), out.toString());
            // In-process here, so the owner is this JVM (from a shell, `lab up` has exited and status says "gone").
            assertTrue(lines.get(0).contains("owner pid " + ProcessHandle.current().pid() + ": alive"), lines.get(0));
            assertTrue(lines.get(1).contains("mounted ext4") && lines.get(1).contains("64 MiB"), lines.get(1));

            out.getBuffer().setLength(0);
            assertEquals(0, execute(LabHost.system(), "down", "--dir", lab.toString()), err.toString());
            assertTrue(out.toString().strip().endsWith("lab in " + lab + " is down"), out.toString());
            assertFalse(Files.exists(lab));
            assertFalse(Files.exists(mnt));
        } finally {
            execute(LabHost.system(), "down", "--dir", lab.toString(), "--force");
            Files.deleteIfExists(base);
        }
    }
}
