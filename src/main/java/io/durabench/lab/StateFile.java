package io.durabench.lab;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * The lab's state file, {@value #NAME} in the lab folder. Every save writes a temporary file,
 * fsyncs it, renames it over the old one and fsyncs the folder, so that a kill (or a crash) at
 * any moment leaves either the old or the new complete file, never half of one. Its existence is
 * also the lab's lock: a second `lab up` in the same folder refuses.
 */
final class StateFile {
    static final String NAME = "lab-state.json";
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping().create();

    private final Path path;

    StateFile(Path labDir) {
        this.path = labDir.resolve(NAME);
    }

    Path path() {
        return path;
    }

    boolean exists() {
        return Files.exists(path);
    }

    Optional<LabState> read() {
        if (!Files.exists(path)) return Optional.empty();
        try {
            return Optional.of(LabState.fromJson(JsonParser.parseString(Files.readString(path)).getAsJsonObject()));
        } catch (IOException | JsonParseException | IllegalStateException | NullPointerException | UnsupportedOperationException e) {
            throw new LabFailure("cannot read lab state " + path + ": " + e.getMessage()
                    + " (inspect it; what it lists must be torn down by hand)");
        }
    }

    /** The first save: fails if a state file already exists, so two labs never share one folder. */
    void create(LabState state) {
        try {
            writeDurably(path, render(state), StandardOpenOption.CREATE_NEW);
            syncDirectory();
        } catch (FileAlreadyExistsException e) {
            throw new LabRefusal("a lab is already up in " + path.getParent() + " (" + NAME
                    + " exists): durabench lab status, then durabench lab down");
        } catch (IOException e) {
            throw new LabFailure("cannot write lab state " + path + ": " + e.getMessage());
        }
    }

    void save(LabState state) {
        Path tmp = path.resolveSibling(NAME + ".tmp");
        try {
            writeDurably(tmp, render(state), StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING);
            try {
                Files.move(tmp, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING);
            }
            syncDirectory();
        } catch (IOException e) {
            throw new LabFailure("cannot write lab state " + path + ": " + e.getMessage());
        }
    }

    void delete() {
        try {
            Files.deleteIfExists(path);
            Files.deleteIfExists(path.resolveSibling(NAME + ".tmp"));
            syncDirectory();
        } catch (IOException e) {
            throw new LabFailure("cannot delete lab state " + path + ": " + e.getMessage());
        }
    }

    private static String render(LabState state) {
        return GSON.toJson(state.toJson()) + "\n";
    }

    private static void writeDurably(Path file, String text, StandardOpenOption... options) throws IOException {
        StandardOpenOption[] all = new StandardOpenOption[options.length + 1];
        System.arraycopy(options, 0, all, 0, options.length);
        all[options.length] = StandardOpenOption.WRITE;
        try (FileChannel ch = FileChannel.open(file, all)) {
            ByteBuffer buf = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
            while (buf.hasRemaining()) ch.write(buf);
            ch.force(true);
        }
    }

    private void syncDirectory() throws IOException {
        try (FileChannel dir = FileChannel.open(path.getParent(), StandardOpenOption.READ)) {
            dir.force(true);
        }
    }
}
