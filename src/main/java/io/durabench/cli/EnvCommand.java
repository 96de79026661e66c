package io.durabench.cli;

import io.durabench.env.Environment;
import io.durabench.env.EnvironmentProbe;
import io.durabench.results.EnvironmentFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** durabench env DIR: what a benchmark on DIR would run on (filesystem, device, kernel, JDK, JMH) as JSON. */
@Command(name = "env",
        description = {"Prints the environment a benchmark on DIR would run on, as environment.json: "
                + "filesystem and mount options, block device and its write cache/FUA flags (through loop "
                + "devices to the real disk), kernel, CPU, JDK, JMH version and blackhole mode.",
                "Fields: docs/environment.md."})
public final class EnvCommand implements Callable<Integer> {

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    boolean help;

    @Parameters(index = "0", paramLabel = "DIR", description = "Directory to probe (the benchmark target).")
    Path dir;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the JSON to FILE instead of stdout.")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (!Files.exists(dir)) {
            throw new UsageException("DIR does not exist: " + dir + " (create it, or pass an existing directory)");
        }
        if (!Files.isDirectory(dir)) {
            throw new UsageException("DIR is not a directory: " + dir + " (pass the directory the benchmark would write into)");
        }
        if (out != null) {
            Path parent = out.toAbsolutePath().getParent();
            if (parent != null && !Files.isDirectory(parent)) {
                throw new UsageException("--out folder does not exist: " + parent + " (create it first)");
            }
            if (Files.isDirectory(out)) {
                throw new UsageException("--out is a directory: " + out + " (pass a file name, e.g. " + out.resolve("environment.json") + ")");
            }
        }
        Environment env = EnvironmentProbe.capture(dir);
        if (out != null) {
            EnvironmentFile.write(env, out);
        } else {
            spec.commandLine().getOut().println(env.toJsonText());
            spec.commandLine().getOut().flush();
        }
        return 0;
    }
}
