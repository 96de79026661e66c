package io.durabench.env;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

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
     * The facts of {@code java} from what its {@code -XshowSettings:properties -version} printed
     * (child's JvmProbe runs it). Text without the properties is an IllegalArgumentException naming
     * the JVM.
     */
    public static JvmFacts read(Path java, String text) {
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

    /** The jdk section of environment.json, for this JVM running durabench on {@code nativeLayer} ("jnr", "ffm"; null: not known). */
    public Environment.Jdk jdk(String nativeLayer) {
        return new Environment.Jdk(vendor, version, vmName, vmVersion, home, nativeLayer, null);
    }

    /** The same JVM as the one running this code (by home): then work can stay in-process. */
    public boolean isCurrent() {
        return Path.of(home).normalize().equals(Path.of(System.getProperty("java.home")).normalize());
    }
}
