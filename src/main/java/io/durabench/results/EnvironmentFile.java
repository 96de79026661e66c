package io.durabench.results;

import com.google.gson.JsonElement;
import io.durabench.env.Environment;
import io.durabench.env.JsonFields;
import java.nio.file.Path;

/** environment.json beside a target's results: the typed {@link Environment}, written and read here. */
public final class EnvironmentFile {
    public static final SchemaVersion SCHEMA = new SchemaVersion("durabench-environment", 1);
    private static final String FIX = "write it again with `durabench env --dir DIR --out FOLDER` on the machine that ran, "
            + "correct that field, or move the file away (the report then says the environment is unknown)";

    private EnvironmentFile() {
    }

    public static void write(Environment env, Path file) {
        JsonFiles.writeText(env.toJsonText() + "\n", file);
    }

    public static Environment read(Path file) {
        JsonElement root = JsonFiles.parse(file, "durabench's environment.json");
        if (!root.isJsonObject() || !root.getAsJsonObject().has("target")) {
            throw new ResultsFileException(file + ": not a durabench environment file (expected an object with \"target\"); "
                    + FIX);
        }
        try {
            SCHEMA.check(file, JsonFields.string(root.getAsJsonObject(), "schema"));
            return Environment.fromJson(root.getAsJsonObject());
        } catch (IllegalArgumentException e) {
            if (e instanceof ResultsFileException r) throw r;
            throw new ResultsFileException(file + ": malformed environment file (" + e.getMessage() + "); " + FIX);
        }
    }
}
