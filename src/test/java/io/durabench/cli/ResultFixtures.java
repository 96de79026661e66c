package io.durabench.cli;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.stream.Stream;

/** Real result files committed under src/test/resources/report, copied to a test folder and changed there. */
final class ResultFixtures {
    private ResultFixtures() {
    }

    /** A fixture file or folder by its path under /report. */
    static Path resource(String name) {
        try {
            return Path.of(ResultFixtures.class.getResource("/report/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Copies the fixture folder {@code name} (its files, one level) into a new folder {@code dest}. */
    static Path copyFolder(String name, Path dest) {
        try {
            Files.createDirectories(dest);
            try (Stream<Path> files = Files.list(resource(name))) {
                for (Path f : files.filter(Files::isRegularFile).toList()) Files.copy(f, dest.resolve(f.getFileName()));
            }
            return dest;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses {@code file}, lets {@code change} edit the tree, and writes it back. */
    static Path mutate(Path file, Consumer<JsonElement> change) {
        try {
            JsonElement root = JsonParser.parseString(Files.readString(file));
            change.accept(root);
            Files.writeString(file, new GsonBuilder().serializeNulls().setPrettyPrinting().create().toJson(root));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            return Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
