package io.durabench.twin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The twin takes JMH's machine-wide lock the way JMH does (a FileLock, i.e. fcntl, on jmh.lock), so a
 * JMH run and the twin never measure at the same time. Tested on a lock file of its own, so that the
 * test never holds up a real JMH run on this machine.
 */
class DurabenchTwinLockTest {

    @Test
    void waitsWhileAJavaProcessHoldsTheLockAndRunsOnceItIsReleased() throws Exception {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            Path work = Files.createDirectories(Path.of("target", "twin-test").toAbsolutePath());
            Path lockFile = work.resolve("jmh-" + System.nanoTime() + ".lock");
            Path out = work.resolve("lock-out-" + System.nanoTime());
            Process p;
            StringBuilder output = new StringBuilder();
            try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock held = channel.lock()) {
                p = new ProcessBuilder(TwinBinary.build().toString(), "--lock", lockFile.toString(), "--dir", dir.path().toString(),
                        "--out", out.toString(), "--bench", "NativeCallCost", "-wi", "0", "-i", "1", "-r", "10ms")
                        .redirectErrorStream(true).start();
                BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                String first = r.readLine();
                assertEquals("# durabench-twin: another JMH holds " + lockFile + "; waiting for it to finish (--no-lock skips this)", first);
                Thread.sleep(300);
                assertTrue(p.isAlive(), "still waiting while the lock is held");
                assertFalse(Files.exists(out), "nothing measured while the lock is held");
                new Thread(() -> r.lines().forEach(l -> output.append(l).append('\n'))).start();
            }
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), output.toString());
            assertTrue(Files.isDirectory(out));
            Files.delete(lockFile);
        }
    }
}
