package io.durabench.cli;

import io.durabench.catalogue.InvalidValueException;
import io.durabench.catalogue.Parameter;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.env.Environment;
import io.durabench.env.EnvironmentProbe;
import io.durabench.nativeio.AlignedBuffers;
import io.durabench.nativeio.NativeLayers;
import io.durabench.soak.SoakResult;
import io.durabench.soak.SoakRun;
import io.durabench.soak.SoakSettings;
import io.durabench.suite.PrecisionTarget;
import io.durabench.suite.TargetCheck;
import io.durabench.workload.DurableWriteLoop;
import io.durabench.workload.Preallocation;
import io.durabench.workload.RegionLogFiles;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.WorkloadConfig;
import io.durabench.workload.ownership.OwnedFiles;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** durabench soak: one durable-write cell for a long time, latency per second, stalls, period, steady state. */
@Command(name = "soak", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = {"Runs one durable-write cell for a long time (closed loop, or --rate N/s from each write's intended start) and "
                + "writes its latency per second: soak.hlog (HdrHistogram interval log), soak-seconds.csv, the chart soak-latency.png/.svg, "
                + "soak-summary.txt (also printed) and soak.json, with the stalls, a periodicity check and first vs last window. See docs/soak.md.",
                "Exit 0: done; 1: a write or sync FAILED; 2: bad input; 3: durabench itself failed; 130/143: interrupted "
                        + "(Ctrl-C, SIGTERM), the seconds done are written."})
public final class SoakCommand implements Callable<Integer> {
    private static final Pattern RATE = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(?:/s)?\\s*");
    private static final double MAX_RATE = 1_000_000;

    @Option(names = "--dir", paramLabel = "DIR", required = true, description = "Directory on the storage to soak (a file of up to 256 MiB is written there, and deleted).")
    Path dir;

    @Option(names = "--duration", paramLabel = "DURATION", description = "How long (10m, 90s, 1h30m). Default: ${DEFAULT-VALUE}.")
    String duration = "10m";

    @Option(names = "--method", paramLabel = "METHOD", description = "Sync method (FDATASYNC, FSYNC, O_DSYNC, NONE, ...). Default: ${DEFAULT-VALUE}.")
    String method = "FDATASYNC";

    @Option(names = "--block-size", paramLabel = "BYTES", description = "Bytes per write. Default: ${DEFAULT-VALUE}.")
    String blockSize = "8192";

    @Option(names = "--writes-per-sync", paramLabel = "N", description = "One sync per N writes (methods with a separate sync call). Default: ${DEFAULT-VALUE}.")
    String writesPerSync = "1";

    @Option(names = "--preallocation", paramLabel = "HOW", description = "NONE (append), FTRUNCATE, FALLOCATE, FALLOCATE_KEEP_SIZE or ZERO_FILL. Default: ${DEFAULT-VALUE}.")
    String preallocation = "NONE";

    @Option(names = "--rate", paramLabel = "N/s", description = "Fixed rate: write i is due at start + i/N and its latency runs from then "
            + "(coordinated omission corrected). Default: closed loop (the next write when the last ends).")
    String rate;

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (new or empty). Default: results/soak-<host>-<yyyymmdd-HHmmss>/")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Duration d = duration();
        double perSecond = rate();
        WorkloadConfig cellAnywhere = cell(Path.of("."));
        List<String> notes = new ArrayList<>();
        long needed = RegionLogFiles.bytesNeeded(SoakSettings.REGION_BYTES, cellAnywhere.zeroFillChunkBytes());
        Path target = TargetCheck.check(dir, notes, needed, "a soak needs " + (needed >> 20) + " MiB (its 256 MiB log region and headroom)");
        Path outDir = OutputPaths.newFolder(out != null ? out : defaultOut());
        WorkloadConfig cell = cell(target);
        PrintWriter err = spec.commandLine().getErr();
        notes.forEach(n -> err.println("durabench: " + n));
        Environment env = EnvironmentProbe.capture(target, NativeLayers.currentKind().word());
        OwnedFiles.claim(target);
        try (DurableWriteLoop loop = DurableWriteLoop.open(NativeLayers.current(), cell)) {
            OutputPaths.create(outDir);
            SoakSettings settings = new SoakSettings(cell, d, perSecond, outDir.toAbsolutePath());
            err.println("durabench soak: " + settings.modeDescription() + "; " + settings.cellDescription() + "; for " + d.toSeconds()
                    + " s into " + outDir + " (progress every 10 s; Ctrl-C keeps the seconds done)");
            err.flush();
            PrintWriter o = spec.commandLine().getOut();
            SoakResult r = new SoakRun(settings, env, line -> {
                err.println(line);
                err.flush();
            }, line -> {
                o.println(line);
                o.flush();
            }).run(loop);
            return r.ending() == SoakResult.Ending.FAILED ? OneLineErrors.EXIT_FAILURE : 0;
        } finally {
            OwnedFiles.release(target);
        }
    }

    /** The cell from the options, every value checked by the catalogue's own parameters (the run's -p values are). */
    private WorkloadConfig cell(Path where) {
        SyncMethod m = parse("--method", method, SyncWriteCostFamily.SYNC_METHOD);
        m.unavailableOn(Runtime.version()).ifPresent(why -> {
            throw new UsageException("--method " + method + ": " + why + "; pick another method or run on a newer JVM");
        });
        int block = parse("--block-size", blockSize, SyncWriteCostFamily.BLOCK_SIZE);
        if (m.usesDirectIo() && block % AlignedBuffers.DEFAULT_ALIGNMENT != 0) {
            throw new UsageException("--block-size " + block + " with " + m + ": O_DIRECT writes must be a multiple of "
                    + AlignedBuffers.DEFAULT_ALIGNMENT + " B; give e.g. --block-size 8192");
        }
        int batch = parse("--writes-per-sync", writesPerSync, SyncWriteCostFamily.WRITES_PER_SYNC);
        Preallocation p = parse("--preallocation", preallocation, SyncWriteCostFamily.PREALLOCATION);
        WorkloadConfig.whyInvalid(m, batch, p).ifPresent(why -> {
            throw new UsageException(why);
        });
        return WorkloadConfig.of(where, m, block, batch, p).withRegionBytes(SoakSettings.REGION_BYTES);
    }

    private static <T> T parse(String option, String text, Parameter<T> parameter) {
        try {
            return parameter.parse(text.strip());
        } catch (InvalidValueException e) {
            throw new UsageException(option + " " + text + ": " + e.getMessage());
        }
    }

    private Duration duration() {
        try {
            return PrecisionTarget.parseDuration(duration);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--duration " + duration + ": give a duration above zero such as 10m, 90s or 1h30m");
        }
    }

    /** 0 for the closed loop. */
    private double rate() {
        if (rate == null) return 0;
        Matcher m = RATE.matcher(rate);
        double v = m.matches() ? Double.parseDouble(m.group(1)) : Double.NaN;
        if (!(v > 0) || v > MAX_RATE) {
            throw new UsageException("--rate " + rate + ": give writes per second above 0 and at most 1000000, such as 500/s (or leave it out for a closed loop)");
        }
        return v;
    }


    static Path defaultOut() {
        return OutputPaths.timestamped("soak-");
    }
}
