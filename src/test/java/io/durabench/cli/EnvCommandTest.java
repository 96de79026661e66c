package io.durabench.cli;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EnvCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int execute(String... args) {
        CommandLine cl = DurabenchMain.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void printsEnvironmentJsonForADirectory() {
        assertEquals(0, execute("env", "--dir", "/dev/shm"), err.toString());
        JsonObject env = JsonParser.parseString(out.toString()).getAsJsonObject();
        assertEquals("durabench-environment/1", env.get("schema").getAsString());
        assertEquals("tmpfs", env.getAsJsonObject("target").get("filesystem").getAsString());
        assertTrue(env.get("device").isJsonNull());
        assertEquals("", err.toString());
    }

    @Test
    void writesEnvironmentJsonIntoTheOutFolderInsteadOfStdout(@TempDir Path tmp) throws IOException {
        Path file = tmp.resolve("new-folder").resolve("environment.json");
        assertEquals(0, execute("env", "--dir", "/dev/shm", "--out", file.getParent().toString()), err.toString());
        assertEquals("wrote " + file.toRealPath() + System.lineSeparator(), out.toString(), "only where it wrote, on stdout");
        JsonObject env = JsonParser.parseString(Files.readString(file)).getAsJsonObject();
        assertEquals("/dev/shm", env.getAsJsonObject("target").get("directory").getAsString());
        assertEquals("", err.toString());
    }

    @Test
    void missingDirectoryIsOneLineUsageError(@TempDir Path tmp) {
        Path missing = tmp.resolve("nope");
        assertEquals(2, execute("env", "--dir", missing.toString()));
        assertOneLine("durabench: --dir does not exist: " + missing);
        assertEquals("", out.toString());
    }

    @Test
    void fileInsteadOfDirectoryIsOneLineUsageError(@TempDir Path tmp) throws IOException {
        Path file = Files.writeString(tmp.resolve("f"), "x");
        assertEquals(2, execute("env", "--dir", file.toString()));
        assertOneLine("durabench: --dir is not a directory: " + file);
    }

    @Test
    void outInMissingFolderIsRejectedBeforeAnythingIsWritten(@TempDir Path tmp) {
        Path out = tmp.resolve("no/such/env.json");
        assertEquals(2, execute("env", "--dir", "/dev/shm", "--out", out.toString()));
        assertOneLine("durabench: --out folder does not exist: " + out.getParent());
        assertFalse(Files.exists(tmp.resolve("no")));
    }

    @Test
    void missingArgumentIsUsageError() {
        assertEquals(2, execute("env"));
        assertOneLine("durabench: missing --dir DIR: name the directory a benchmark would write into");
    }

    @Test
    void helpDescribesTheCommand() {
        assertEquals(0, execute("env", "--help"));
        assertTrue(out.toString().contains("Usage: durabench env"), out.toString());
        assertTrue(out.toString().contains("--out=DIR"), out.toString());
    }

    private void assertOneLine(String expectedStart) {
        String text = err.toString();
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.startsWith(expectedStart), text);
        assertFalse(text.contains("Exception"), text);
    }
}
