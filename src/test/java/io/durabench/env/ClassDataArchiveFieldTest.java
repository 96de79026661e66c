package io.durabench.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.google.gson.JsonParser;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** environment.json's jdk.classDataArchive: written and read back; absent where no JMH fork ran. */
class ClassDataArchiveFieldTest {
    @TempDir
    Path dir;

    @Test
    void theArchiveOrNoneIsReadBackAsWritten() {
        Environment env = EnvironmentProbe.capture(dir, "jnr");
        for (String archive : new String[] {"/x/target/cds/17.0.15-1a2b3c4d-jnr-5e6f7a8b-0123456789ab.jsa", "none"}) {
            Environment read = Environment.fromJson(JsonParser.parseString(env.withClassDataArchive(archive).toJsonText()).getAsJsonObject());
            assertEquals(archive, read.jdk().classDataArchive());
            assertEquals(env.jdk().nativeLayer(), read.jdk().nativeLayer());
        }
    }

    @Test
    void absentWhereNoJmhForkRan() {
        Environment env = EnvironmentProbe.capture(dir, "jnr");
        assertFalse(env.toJson().getAsJsonObject("jdk").has("classDataArchive"));
        assertNull(Environment.fromJson(env.toJson()).jdk().classDataArchive());
    }
}
