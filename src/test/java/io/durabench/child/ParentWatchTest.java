package io.durabench.child;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child JVM whose named parent is SIGKILLed ends by itself, through its shutdown hooks; one whose
 * parent lives goes on. The "parent" is a sleep process the test kills, so the test's own JVM stays.
 */
class ParentWatchTest {
    @TempDir
    Path dir;

    /** Watches its parent, marks a shutdown hook's run in a file, then sleeps far longer than the test waits. */
    public static final class Sleeper {
        public static void main(String[] args) throws Exception {
            Path mark = Path.of(args[0]);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    Files.writeString(mark, "hooks ran");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }));
            ParentWatch.start();
            System.out.println("watching");
            System.out.flush();
            Thread.sleep(120_000);
        }
    }

    @Test
    void aChildEndsThroughItsHooksWhenItsParentIsKilled() throws Exception {
        Process parent = new ProcessBuilder("sleep", "120").start();
        Path mark = dir.resolve("mark");
        Process child = child(parent.pid(), mark);
        try {
            assertEquals("watching", new String(child.getInputStream().readNBytes(8)));
            parent.destroyForcibly().waitFor();
            assertTrue(child.waitFor(20, TimeUnit.SECONDS), "the child ends once its parent is gone");
            assertEquals(ParentWatch.ORPHANED, child.exitValue());
            assertEquals("hooks ran", Files.readString(mark), "it ends through its shutdown hooks, which delete its files");
        } finally {
            child.destroyForcibly();
            parent.destroyForcibly();
        }
    }

    @Test
    void aChildGoesOnWhileItsParentLives() throws Exception {
        Process parent = new ProcessBuilder("sleep", "120").start();
        Process child = child(parent.pid(), dir.resolve("mark"));
        try {
            assertEquals("watching", new String(child.getInputStream().readNBytes(8)));
            assertFalse(child.waitFor(3, TimeUnit.SECONDS), "a live parent leaves the child running");
        } finally {
            child.destroyForcibly().waitFor();
            parent.destroyForcibly();
        }
    }

    private static Process child(long parentPid, Path mark) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(List.of(java, "-D" + ParentWatch.PROPERTY + "=" + parentPid, "-cp", System.getProperty("java.class.path"),
                Sleeper.class.getName(), mark.toString())).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }
}
