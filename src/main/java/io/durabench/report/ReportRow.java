package io.durabench.report;

import java.util.Map;

/**
 * One durabench row: a sync method in one group (context, benchmark, block size, batch,
 * preallocation), all times in µs per write. Interval fields are NaN when they cannot be
 * computed; {@code na} is the reason when the combination could not run (then the figures are NaN).
 */
public record ReportRow(int id, String benchmark, Context context, Map<String, String> params,
                        String methodParam, String method, String groupKey, boolean baseline,
                        Estimate time, String statsSource, double p50Us, double p99Us, double p999Us,
                        double baselineUs, Estimate ratio, Estimate cost, double syncsPerWrite,
                        boolean durable, String notDurableBecause, String na) implements Durability {

    public double meanUs() {
        return time == null ? Double.NaN : time.mean();
    }

    public double opsPerSec() {
        return 1e6 / meanUs();
    }

    public boolean measured() {
        return na == null && time != null && Double.isFinite(time.mean());
    }

    /** The params that define the group, without the method and target directory: "512 B, batch 1, prealloc NONE". */
    public String groupLabel() {
        StringBuilder sb = new StringBuilder(shortBenchmark());
        params.forEach((k, v) -> {
            if (k.equals(methodParam) || k.equals("targetDir")) return;
            sb.append(", ").append(switch (k) {
                case "blockSizeBytes" -> v + " B";
                case "writesPerSync" -> v + (v.equals("1") ? " write" : " writes") + " per sync";
                case "preallocation" -> "prealloc " + v;
                default -> k + "=" + v;
            });
        });
        return sb.toString();
    }

    public String shortBenchmark() {
        String[] parts = benchmark.split("\\.");
        return parts.length >= 2 ? parts[parts.length - 2] + "." + parts[parts.length - 1] : benchmark;
    }
}
