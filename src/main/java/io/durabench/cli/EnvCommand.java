package io.durabench.cli;

import io.durabench.env.Environment;
import io.durabench.env.EnvironmentProbe;
import io.durabench.env.KernelFilesystems;
import io.durabench.env.PathKind;
import io.durabench.nativeio.NativeLayers;
import io.durabench.results.EnvironmentFile;
import io.durabench.results.ResultsFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.Callable;

/** durabench env --dir DIR: what a benchmark on DIR would run on (filesystem, device, kernel, JDK, JMH) as JSON. */
@Command(name = "env", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = {"Prints the environment a benchmark on --dir would run on, as environment.json: "
                + "filesystem and mount options, block device and its write cache/FUA flags (through loop "
                + "devices to the real disk), kernel, CPU, JDK, JMH version and blackhole mode.",
                "Fields: docs/environment.md."})
public final class EnvCommand implements Callable<Integer> {

    @Option(names = "--dir", paramLabel = "DIR", description = "Directory to probe (the benchmark target; required).")
    Path dir;

    /** The old spelling `env DIR`: said once the directory is known to be good, so a refusal stays one line. */
    @Parameters(index = "0", arity = "0..1", hidden = true, paramLabel = "DIR", description = "The old spelling of --dir.")
    Path oldDir;

    @Option(names = "--out", paramLabel = "DIR", description = "Write " + ResultsFolder.ENVIRONMENT + " into this folder (created if"
            + " missing) instead of printing it. A FILE.json, a pipe or a character device: deprecated, written as given.")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (dir != null && oldDir != null) throw new UsageException("--dir " + dir + " and " + oldDir + " without --dir: give --dir only");
        if (dir == null && oldDir == null) throw new UsageException("missing --dir DIR: name the directory a benchmark would write into");
        if (dir == null) dir = oldDir;
        checkDir();
        if (oldDir != null) OldSpelling.ENV_DIR.used(spec);
        Path file = out == null ? null : outFile();
        Environment env = EnvironmentProbe.capture(dir, NativeLayers.currentKind().word());
        if (file != null && PathKind.of(file) != PathKind.REGULAR_FILE && PathKind.of(file) != PathKind.MISSING) {
            writeToDevice(env, file);
        } else if (file != null) {
            EnvironmentFile.write(env, file);
            spec.commandLine().getOut().println("wrote " + file);
        } else {
            spec.commandLine().getOut().println(env.toJsonText());
        }
        spec.commandLine().getOut().flush();
        return 0;
    }

    /**
     * --out DIR: DIR/environment.json. The old --out FILE (a name ending in .json, or an existing file,
     * pipe or device) is still written as given, said once it is known to be good.
     */
    private Path outFile() {
        PathKind kind = PathKind.of(out);
        boolean oldFile = kind == PathKind.MISSING ? out.toString().endsWith(".json") : kind != PathKind.DIRECTORY;
        if (!oldFile) {
            Path folder = OutputPaths.folder(out);
            OutputPaths.create(folder);
            return folder.resolve(ResultsFolder.ENVIRONMENT);
        }
        Path file = OutputPaths.file(out);
        OldSpelling.ENV_OUT_FILE.used(spec);
        return file;
    }

    /**
     * /dev/stdout, /dev/null, a pipe: written in place. Never through EnvironmentFile's temporary
     * file and rename, which would replace the device node itself with a regular file.
     */
    private static void writeToDevice(Environment env, Path device) {
        try {
            Files.writeString(device, env.toJsonText() + "\n", StandardCharsets.UTF_8, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + device + ": " + e.getMessage(), e);
        }
    }

    /** A directory a benchmark could write into; a link is followed (the JSON names the real directory). */
    private void checkDir() {
        if (dir.toString().isBlank()) throw new UsageException("--dir is empty (pass the directory the benchmark would write into)");
        PathKind kind = PathKind.of(dir);
        if (kind == PathKind.MISSING) {
            throw new UsageException("--dir does not exist: " + dir + " (create it, or pass an existing directory)");
        }
        if (kind != PathKind.DIRECTORY) {
            throw new UsageException("--dir is not a directory: " + PathKind.describe(dir)
                    + " (pass the directory the benchmark would write into)");
        }
        KernelFilesystems.pseudoFilesystemOf(dir).ifPresent(type -> {
            throw new UsageException("--dir " + dir + " is on " + type + ", a kernel pseudo-filesystem where no benchmark "
                    + "can write (pass a directory on the filesystem to measure)");
        });
    }
}
