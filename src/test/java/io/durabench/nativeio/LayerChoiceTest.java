package io.durabench.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.nativeio.NativeLayer.Kind;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one rule that picks a JVM's native layer, as the JVM and its parent both apply it; and how a parent sees a jar carry FFM. */
class LayerChoiceTest {
    @Test
    void unsetMeansFfmOnJdk22AndLaterWhenTheJarCarriesItJnrOtherwise() {
        assertEquals(Kind.FFM, LayerChoice.decide(null, 25, true));
        assertEquals(Kind.FFM, LayerChoice.decide(null, 22, true));
        assertEquals(Kind.JNR, LayerChoice.decide(null, 21, true));
        assertEquals(Kind.JNR, LayerChoice.decide(null, 17, false));
        assertEquals(Kind.JNR, LayerChoice.decide(null, 25, false), "a jar built on JDK 17 alone: jnr, and it works");
    }

    @Test
    void jnrCanAlwaysBeChosenFfmOnlyWhereItExists() {
        assertEquals(Kind.JNR, LayerChoice.decide("jnr", 25, true));
        assertEquals(Kind.FFM, LayerChoice.decide("ffm", 25, true));
        LayerRefusal on17 = assertThrows(LayerRefusal.class, () -> LayerChoice.decide("ffm", 17, false));
        assertEquals("-Ddurabench.native=ffm: JDK 17 has no java.lang.foreign (final in JDK 22): run it on a JDK 22+, or use jnr", on17.getMessage());
        LayerRefusal unbuilt = assertThrows(LayerRefusal.class, () -> LayerChoice.decide("ffm", 25, false));
        assertEquals("-Ddurabench.native=ffm: this durabench was built without its java.lang.foreign layer (Maven had no JDK 22+):"
                + " rebuild it with JAVA_HOME on a JDK 22+, or with mvn -Pffm-toolchain, or use jnr", unbuilt.getMessage());
        LayerRefusal typo = assertThrows(LayerRefusal.class, () -> LayerChoice.decide("panama", 25, true));
        assertEquals("-Ddurabench.native=panama names no native layer: say jnr or ffm", typo.getMessage());
    }

    @Test
    void aListGivesEachSlotItsOwnAndOneValueGivesEverySlotTheSame() {
        String before = System.getProperty(LayerChoice.PROPERTY);
        try {
            System.setProperty(LayerChoice.PROPERTY, "jnr, FFM");
            assertEquals("jnr", LayerChoice.requestedForSlot(0, 2));
            assertEquals("ffm", LayerChoice.requestedForSlot(1, 2));
            assertEquals(null, LayerChoice.requestedForThisJvm(), "a list speaks for the slots, not for the launcher");
            LayerRefusal wrong = assertThrows(LayerRefusal.class, () -> LayerChoice.requestedForSlot(0, 3));
            assertEquals("-Ddurabench.native=jnr, ffm names 2 layers for 3 JVM slots: give one for every slot (--jvm, times --repeat) or one for all",
                    wrong.getMessage());
            System.setProperty(LayerChoice.PROPERTY, "jnr");
            assertEquals("jnr", LayerChoice.requestedForSlot(2, 3));
            assertEquals("jnr", LayerChoice.requestedForThisJvm());
            System.clearProperty(LayerChoice.PROPERTY);
            assertEquals(null, LayerChoice.requestedForSlot(0, 2));
        } finally {
            if (before == null) System.clearProperty(LayerChoice.PROPERTY);
            else System.setProperty(LayerChoice.PROPERTY, before);
        }
    }

    @Test
    void onlyAMultiReleaseJarWithTheVersionedClassCarriesFfm(@TempDir Path dir) throws IOException {
        Path carrying = jar(dir.resolve("mr.jar"), true, FfmPackaging.ENTRY);
        Path notMultiRelease = jar(dir.resolve("plain.jar"), false, FfmPackaging.ENTRY);
        Path without = jar(dir.resolve("jnr-only.jar"), true, "io/durabench/nativeio/JnrSyscalls.class");
        Path folder = Files.createDirectories(dir.resolve("classes").resolve(FfmPackaging.ENTRY).getParent());
        assertTrue(FfmPackaging.carriedBy(without + ":" + carrying));
        assertFalse(FfmPackaging.carriedBy(notMultiRelease.toString()), "without Multi-Release: true the JVM ignores META-INF/versions");
        assertFalse(FfmPackaging.carriedBy(without.toString()));
        assertFalse(FfmPackaging.carriedBy(folder.toString() + ":" + dir.resolve("missing.jar")), "a folder's META-INF/versions is never used");
        assertEquals(Kind.FFM, LayerChoice.forChild(null, 25, carrying.toString()));
        assertEquals(Kind.JNR, LayerChoice.forChild(null, 17, carrying.toString()));
        assertEquals(Kind.JNR, LayerChoice.forChild(null, 25, without.toString()));
    }

    @Test
    void thisJvmLoadsTheLayerItChose() {
        NativeLayer layer = NativeLayers.current();
        assertEquals(NativeLayers.currentKind(), layer.kind());
        // The tests run from target/classes, where no JVM finds META-INF/versions: jnr, on any JDK.
        assertEquals(Kind.JNR, layer.kind());
        assertEquals(ProcessHandle.current().parent().orElseThrow().pid(), layer.getppid());
        assertEquals(ProcessHandle.current().parent().orElseThrow().pid(), NoOpCall.getppid());
    }

    private static Path jar(Path file, boolean multiRelease, String entry) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (multiRelease) m.getMainAttributes().put(Attributes.Name.MULTI_RELEASE, "true");
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream j = new JarOutputStream(out, m)) {
            j.putNextEntry(new JarEntry(entry));
            j.write(new byte[] {(byte) 0xCA, (byte) 0xFE});
            j.closeEntry();
        }
        return file;
    }
}
