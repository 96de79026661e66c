package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/cli.md is the command line's model, written out: a changed option, default or description that
 * is not in the file fails here, with the command that writes it again.
 */
class CliReferenceTest {

    @Test
    void docsCliMdIsTheCommandLinesModel() throws IOException {
        String expected = CliReference.markdown(DurabenchMain.commandLine());
        Path file = Path.of(CliReference.FILE);
        if (Boolean.getBoolean("durabench.writeCliDoc")) Files.writeString(file, expected, StandardCharsets.UTF_8);
        String actual = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        assertEquals(expected, actual, CliReference.FILE + " differs from the command line's options (an option, default or description"
                + " changed): write it again with `" + CliReference.REGENERATE + "`, then review and commit the diff");
    }
}
