package io.durabench.env;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What a JVM binary is (version, vendor, VM, home, feature release), asked of that JVM itself
 * ({@code java -XshowSettings:properties -version}), so the environment of a cell describes the
 * JVM that ran it and not the launcher's.
 *
 * @param java    the java executable
 * @param feature the feature release (17, 21, 25): what decides which JDK APIs and flags exist
 */
public record JvmFacts(Path java, String version, String vendor, String vmName, String vmVersion, String home, int feature) {

    /** The JVM this code runs in. */
    public static JvmFacts current() {
        Path home = Path.of(System.getProperty("java.home"));
        return new JvmFacts(home.resolve("bin").resolve("java"), System.getProperty("java.version"), System.getProperty("java.vendor"),
                System.getProperty("java.vm.name"), System.getProperty("java.vm.version"), home.toString(), Runtime.version().feature());
    }

    /**
     * Asks {@code java} for its properties. A path that is not an executable JVM is an
     * IllegalArgumentException naming it and the fix.
     */
    public static JvmFacts of(Path java) {
        if (Files.isDirectory(java)) java = java.resolve("bin").resolve("java"); // a JDK home is accepted too
        if (!Files.isExecutable(java)) {
            throw new IllegalArgumentException("--jvm " + java + " is not an executable java: pass a JDK's bin/java or its home");
        }
        String text;
        try {
            Process p = new ProcessBuilder(java.toString(), "-XshowSettings:properties", "-version").redirectErrorStream(true).start();
            text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalArgumentException("--jvm " + java + " did not start as a JVM (" + firstLine(text)
                        + "): pass a JDK's bin/java or its home");
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("--jvm " + java + " cannot be run: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking " + java + " for its version", e);
        }
        Map<String, String> props = parse(text);
        String spec = props.get("java.specification.version");
        if (spec == null || props.get("java.version") == null) {
            throw new IllegalArgumentException("--jvm " + java + " printed no java properties: is it a JDK's java?");
        }
        int feature = Integer.parseInt(spec.startsWith("1.") ? spec.substring(2) : spec);
        return new JvmFacts(java.toAbsolutePath(), props.get("java.version"), props.get("java.vendor"), props.get("java.vm.name"),
                props.get("java.vm.version"), props.get("java.home"), feature);
    }

    /** "    key = value" lines of -XshowSettings:properties (continuation lines of multi-valued keys are skipped). */
    static Map<String, String> parse(String text) {
        Map<String, String> props = new HashMap<>();
        for (String line : text.lines().toList()) {
            int eq = line.indexOf(" = ");
            if (eq > 0 && line.startsWith("    ") && !line.startsWith("        ")) props.put(line.substring(0, eq).trim(), line.substring(eq + 3).trim());
        }
        return props;
    }

    private static String firstLine(String text) {
        return text.lines().filter(l -> !l.isBlank()).findFirst().orElse("(no output)");
    }

    /** The jdk section of environment.json, for this JVM running durabench on {@code nativeLayer} ("jnr", "ffm"; null: not known). */
    public Environment.Jdk jdk(String nativeLayer) {
        return new Environment.Jdk(vendor, version, vmName, vmVersion, home, nativeLayer, null);
    }

    /** The same JVM as the one running this code (by home): then work can stay in-process. */
    public boolean isCurrent() {
        return Path.of(home).normalize().equals(Path.of(System.getProperty("java.home")).normalize());
    }
}
