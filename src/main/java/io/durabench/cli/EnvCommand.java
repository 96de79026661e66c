package io.durabench.cli;

import io.durabench.env.Environment;
import io.durabench.env.EnvironmentProbe;
import io.durabench.env.KernelFilesystems;
import io.durabench.env.PathKind;
import io.durabench.nativeio.NativeLayers;
import io.durabench.results.EnvironmentFile;
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

/** durabench env DIR: what a benchmark on DIR would run on (filesystem, device, kernel, JDK, JMH) as JSON. */
@Command(name = "env", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = {"Prints the environment a benchmark on DIR would run on, as environment.json: "
                + "filesystem and mount options, block device and its write cache/FUA flags (through loop "
                + "devices to the real disk), kernel, CPU, JDK, JMH version and blackhole mode.",
                "Fields: docs/environment.md."})
public final class EnvCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DIR", description = "Directory to probe (the benchmark target).")
    Path dir;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the JSON to FILE instead of stdout (its folder must exist).")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        checkDir();
        Path file = out == null ? null : OutputPaths.file(out);
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
        if (dir.toString().isBlank()) throw new UsageException("DIR is empty (pass the directory the benchmark would write into)");
        PathKind kind = PathKind.of(dir);
        if (kind == PathKind.MISSING) {
            throw new UsageException("DIR does not exist: " + dir + " (create it, or pass an existing directory)");
        }
        if (kind != PathKind.DIRECTORY) {
            throw new UsageException("DIR is not a directory: " + PathKind.describe(dir)
                    + " (pass the directory the benchmark would write into)");
        }
        KernelFilesystems.pseudoFilesystemOf(dir).ifPresent(type -> {
            throw new UsageException("DIR " + dir + " is on " + type + ", a kernel pseudo-filesystem where no benchmark "
                    + "can write (pass a directory on the filesystem to measure)");
        });
    }
}
