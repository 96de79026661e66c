package io.durabench.etcd;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.util.Locale;

/**
 * The figures of etcd's job read from fio's {@code --output-format=json} (fio 3.x): the job's
 * {@code sync} section holds the fdatasync latencies ({@code lat_ns}: min, max, mean, N and
 * {@code percentile}, keyed "99.000000"), its {@code write} section the write calls' completion
 * latency ({@code clat_ns}, the same shape) and {@code iops}, writes per second of the job's
 * runtime, syncs included. fio's {@code sync.total_ios} is 0 whatever it did: N is the count.
 * Anything missing is an {@link IllegalArgumentException} naming what and where.
 */
public final class FioJson {
    private FioJson() {
    }

    /** The job's figures; {@code source} names the file for messages. */
    public static JobFigures parse(String text, String source) {
        JsonObject job = job(text, source);
        JsonObject sync = object(job, source, "sync", "lat_ns");
        JsonObject write = object(job, source, "write", "clat_ns");
        return new JobFigures(percentileUs(sync, source, 50), percentileUs(sync, source, 99), percentileUs(sync, source, 99.9),
                number(sync, source, "max").doubleValue() / 1e3,
                percentileUs(write, source, 50), percentileUs(write, source, 99), percentileUs(write, source, 99.9),
                number(write, source, "max").doubleValue() / 1e3,
                number(object(job, source, "write"), source, "iops").doubleValue(),
                number(sync, source, "N").longValue());
    }

    /** The sync call's percentile {@code p} in µs (fio reports the percentiles its job was asked for, and its default set). */
    static double syncPercentileUs(String text, String source, double p) {
        return percentileUs(object(job(text, source), source, "sync", "lat_ns"), source, p);
    }

    /** fio's one job, checked to have ended without error. */
    private static JsonObject job(String text, String source) {
        int brace = text.indexOf('{');
        // fio may print a note before its JSON on the same stream (fio 3.x: "note: both iodepth >= 1 and ...").
        if (brace < 0) throw bad(source, "no JSON in it");
        JsonObject job;
        try {
            JsonElement root = JsonParser.parseString(text.substring(brace));
            job = root.getAsJsonObject().getAsJsonArray("jobs").get(0).getAsJsonObject();
        } catch (JsonParseException | IllegalStateException | NullPointerException | IndexOutOfBoundsException | ClassCastException e) {
            throw bad(source, "not fio's JSON output with a job (" + e.getClass().getSimpleName() + ")");
        }
        int error = number(job, source, "error").intValue();
        if (error != 0) throw bad(source, "fio's job ended with error " + error);
        return job;
    }

    /** fio's key for a percentile: "%f", so 99.9 is "99.900000". */
    static String key(double p) {
        return String.format(Locale.ROOT, "%f", p);
    }

    private static double percentileUs(JsonObject lat, String source, double p) {
        return number(object(lat, source, "percentile"), source, key(p)).doubleValue() / 1e3;
    }

    private static JsonObject object(JsonObject o, String source, String... path) {
        JsonObject at = o;
        for (String k : path) {
            JsonElement e = at.get(k);
            if (e == null || !e.isJsonObject()) throw bad(source, "no \"" + String.join(".", path) + "\" object in fio's job");
            at = e.getAsJsonObject();
        }
        return at;
    }

    private static Number number(JsonObject o, String source, String key) {
        JsonElement e = o.get(key);
        if (e == null || !e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber()) {
            throw bad(source, "no number \"" + key + "\" in fio's job");
        }
        return e.getAsNumber();
    }

    private static IllegalArgumentException bad(String source, String why) {
        return new IllegalArgumentException(source + ": " + why + " (expected fio 3.x --output-format=json of one job)");
    }
}
