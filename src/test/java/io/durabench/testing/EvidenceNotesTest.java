package io.durabench.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class EvidenceNotesTest {
    private final String name = "evidence-notes-test-" + ProcessHandle.current().pid() + "-" + System.nanoTime() + ".md";
    private final Path file = Path.of("target", name);

    @AfterEach
    void removeFile() throws IOException {
        Files.deleteIfExists(file);
    }

    @Test
    void eachNoteRewritesTheFileWithEveryLineSoFar() throws IOException {
        EvidenceNotes notes = new EvidenceNotes(name);
        notes.note("| row | coverage |");
        assertEquals("| row | coverage |\n", Files.readString(file));
        notes.note("");
        notes.note("second line");
        String expected = "| row | coverage |\n\nsecond line\n";
        assertEquals(expected, Files.readString(file));
        assertEquals(expected, notes.text());
    }

    @Test
    void nothingIsWrittenBeforeTheFirstNote() {
        EvidenceNotes notes = new EvidenceNotes(name);
        assertEquals("", notes.text());
        assertFalse(Files.exists(file));
    }

    @Test
    void aPathIsNotAFileName() {
        assertThrows(IllegalArgumentException.class, () -> new EvidenceNotes("sub/notes.md"));
        assertThrows(IllegalArgumentException.class, () -> new EvidenceNotes("/tmp/notes.md"));
        assertThrows(IllegalArgumentException.class, () -> new EvidenceNotes(" "));
    }
}
