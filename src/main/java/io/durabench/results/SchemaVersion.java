package io.durabench.results;

import java.nio.file.Path;

/**
 * durabench's own files carry {@code "schema": "<name>/<major>"}. A reader accepts its own name at
 * its major version or older (and files from before schemas, which have none); a newer major is
 * refused with a message saying to upgrade, because its fields may no longer mean what this
 * version thinks they mean.
 */
public record SchemaVersion(String name, int major) {

    @Override
    public String toString() {
        return name + "/" + major;
    }

    /** Checks {@code declared} (null = a file from before schemas) against what this reader understands. */
    public void check(Path file, String declared) {
        if (declared == null) return;
        int slash = declared.lastIndexOf('/');
        int found;
        try {
            found = slash < 0 ? -1 : Integer.parseInt(declared.substring(slash + 1));
        } catch (NumberFormatException e) {
            found = -1;
        }
        if (slash < 0 || found < 0 || !declared.substring(0, slash).equals(name)) {
            throw new ResultsFileException(file + ": schema \"" + declared + "\" is not " + name
                    + "; is this the right file?");
        }
        if (found > major) {
            throw new ResultsFileException(file + ": written by a newer durabench (schema " + declared + "); this one reads up to "
                    + this + ": upgrade durabench to read it");
        }
    }
}
