package io.durabench.report;

import io.durabench.env.EnvironmentFacts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.env.Environment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.net.URISyntaxException;
import org.junit.jupiter.api.Test;

/** The report names the native layer beside the JDK where environment.json does, and stays as it was for files that do not. */
class NativeLayerHeaderTest {
    private static JsonObject fixture() throws IOException, URISyntaxException {
        Path env = Path.of(NativeLayerHeaderTest.class.getResource("/report/tmpfs/dev-shm/environment.json").toURI());
        return JsonParser.parseString(Files.readString(env)).getAsJsonObject();
    }

    @Test
    void theJdkLineAndEveryContextNameTheLayer() throws Exception {
        JsonObject json = fixture();
        json.getAsJsonObject("jdk").addProperty("nativeLayer", "ffm");
        Environment env = Environment.fromJson(json);
        String jdkLine = EnvironmentFacts.lines(env).stream().filter(l -> l.startsWith("JDK: ")).findFirst().orElseThrow();
        assertTrue(jdkLine.endsWith("; native layer ffm"), jdkLine);
        Context c = Context.of(env, null, "JDK 25.0.3", null);
        assertEquals("JDK 25.0.3 (ffm)", c.jdk());
        assertTrue(c.label().endsWith(", JDK 25.0.3 (ffm)"), c.label());
    }

    @Test
    void aFileFromBeforeTwoLayersReadsAsBefore() throws Exception {
        Environment env = Environment.fromJson(fixture());
        String jdkLine = EnvironmentFacts.lines(env).stream().filter(l -> l.startsWith("JDK: ")).findFirst().orElseThrow();
        assertTrue(!jdkLine.contains("native layer"), jdkLine);
        assertEquals("JDK 17.0.15", Context.of(env, null, "JDK 17.0.15", null).jdk());
    }
}
