package io.durabench.nativeio;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * Whether a classpath carries the java.lang.foreign layer where a JDK 22+ loads it: a multi-release jar
 * (its manifest says {@code Multi-Release: true}) with the layer under META-INF/versions/22. A folder
 * such as target/classes does not count: a JVM never looks into a folder's META-INF/versions, which is
 * why the tests that need the layer run from the shaded jar. The layer's classes are built only when
 * Maven has a JDK 22+, so a jar made on JDK 17 alone has jnr only.
 */
public final class FfmPackaging {
    /** The layer's class, as {@link NativeLayers} loads it by name. */
    static final String CLASS_NAME = "io.durabench.nativeio.FfmLayer";
    static final String ENTRY = "META-INF/versions/" + LayerChoice.FFM_SINCE + "/" + CLASS_NAME.replace('.', '/') + ".class";
    /** Why a JDK 22+ has no java.lang.foreign layer to load ... */
    static final String MISSING = "this durabench was built without its java.lang.foreign layer (Maven had no JDK " + LayerChoice.FFM_SINCE + "+)";
    /** ... and how to have it. */
    static final String FIX = "rebuild it with JAVA_HOME on a JDK " + LayerChoice.FFM_SINCE + "+, or with mvn -Pffm-toolchain";
    private static final Map<String, Boolean> SEEN = new ConcurrentHashMap<>();

    private FfmPackaging() {
    }

    /** True when a jar on {@code classpath} carries the layer in META-INF/versions/22 and says it is multi-release. */
    public static boolean carriedBy(String classpath) {
        return SEEN.computeIfAbsent(classpath == null ? "" : classpath, FfmPackaging::scan);
    }

    private static boolean scan(String classpath) {
        for (String entry : classpath.split(File.pathSeparator)) {
            Path p = Path.of(entry.isEmpty() ? "." : entry);
            if (Files.isRegularFile(p) && carries(p)) return true;
        }
        return false;
    }

    private static boolean carries(Path jar) {
        try (JarFile j = new JarFile(jar.toFile())) {
            Manifest m = j.getManifest();
            boolean multiRelease = m != null && "true".equalsIgnoreCase(m.getMainAttributes().getValue(Attributes.Name.MULTI_RELEASE));
            return multiRelease && j.getJarEntry(ENTRY) != null;
        } catch (IOException e) {
            return false; // not a jar (or unreadable): the JVM could not load the layer from it either
        }
    }
}
