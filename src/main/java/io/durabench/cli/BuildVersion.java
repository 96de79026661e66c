package io.durabench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * Every command's {@code --version}: the version Maven wrote into durabench-build.properties at build
 * time (never a literal in the code), with the Java release it targets, its JMH and the JVM running it.
 */
public final class BuildVersion implements IVersionProvider {
    static final String RESOURCE = "/durabench-build.properties";

    @Override
    public String[] getVersion() {
        Properties p = properties();
        return new String[] {
                "durabench " + p.getProperty("version"),
                "built for Java " + p.getProperty("java.release") + " with JMH " + p.getProperty("jmh"),
                "running on " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
        };
    }

    /** The version alone, as the build set it ("0.1.0-SNAPSHOT"). */
    public static String version() {
        return properties().getProperty("version");
    }

    private static Properties properties() {
        Properties p = new Properties();
        try (InputStream in = BuildVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException(RESOURCE + " is missing: build durabench with Maven (it writes the version there)");
            p.load(in);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
        String v = p.getProperty("version", "");
        if (v.isBlank() || v.startsWith("$")) throw new IllegalStateException(RESOURCE + " holds no version: build durabench with Maven");
        return p;
    }
}
