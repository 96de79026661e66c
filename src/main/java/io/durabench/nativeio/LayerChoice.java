package io.durabench.nativeio;

import java.util.List;
import java.util.Locale;

/**
 * Which native layer a JVM of ours uses, decided by one rule wherever it is decided: in the JVM itself
 * ({@link NativeLayers}) and in a parent predicting what its child will load (its flags depend on it:
 * jnr needs sun.misc.Unsafe, java.lang.foreign does not).
 *
 * <p>Chosen by a system property, {@value #PROPERTY}, not by a JMH {@code -p}: a parameter would change
 * every row's key and break compare and the gate's histories. Unset: java.lang.foreign ("ffm") on JDK
 * 22+ when the jar carries it, jnr otherwise. {@code jnr} or {@code ffm}: that layer, or a refusal
 * saying why it cannot be had. A comma list ({@code jnr,ffm}) gives each of a run's JVM slots its own,
 * in the order of {@code --jvm} (and {@code --repeat}): lock-step side A the first, side B the second.
 * Every child JVM is then told its layer explicitly, so it never decides differently from its parent.
 */
public final class LayerChoice {
    public static final String PROPERTY = "durabench.native";
    /** The first JDK feature release in which java.lang.foreign is final (JEP 454). */
    public static final int FFM_SINCE = 22;

    private LayerChoice() {
    }

    /** The property as given, or null when it is not set (or blank). */
    public static String requested() {
        String v = System.getProperty(PROPERTY);
        return v == null || v.isBlank() ? null : v.strip().toLowerCase(Locale.ROOT);
    }

    /** What this JVM itself was asked for: the property's one value; a list speaks for the run's slots, not for the launcher. */
    static String requestedForThisJvm() {
        String r = requested();
        return r == null || r.contains(",") ? null : r;
    }

    /**
     * What JVM slot {@code index} (0-based) of {@code count} is asked for: the one value for every slot, or
     * the list's entry; null when the property is not set. A list of another length than the slots is refused.
     */
    public static String requestedForSlot(int index, int count) {
        String r = requested();
        if (r == null || !r.contains(",")) return r;
        List<String> each = List.of(r.split(",", -1));
        if (each.size() != count) {
            throw new LayerRefusal("-D" + PROPERTY + "=" + r + " names " + each.size() + " layers for " + count
                    + " JVM slots: give one for every slot (--jvm, times --repeat) or one for all");
        }
        return each.get(index).strip();
    }

    /**
     * The layer of a JVM of release {@code feature} asked for {@code requested} (null: the default),
     * {@code ffmPresent} telling whether that JVM would find the java.lang.foreign layer in its classpath.
     */
    public static NativeLayer.Kind decide(String requested, int feature, boolean ffmPresent) {
        if (requested == null) return feature >= FFM_SINCE && ffmPresent ? NativeLayer.Kind.FFM : NativeLayer.Kind.JNR;
        return switch (requested) {
            case "jnr" -> NativeLayer.Kind.JNR;
            case "ffm" -> {
                if (feature < FFM_SINCE) {
                    throw new LayerRefusal("-D" + PROPERTY + "=ffm: JDK " + feature + " has no java.lang.foreign (final in JDK "
                            + FFM_SINCE + "): run it on a JDK " + FFM_SINCE + "+, or use jnr");
                }
                if (!ffmPresent) throw new LayerRefusal("-D" + PROPERTY + "=ffm: " + FfmPackaging.MISSING + ": " + FfmPackaging.FIX + ", or use jnr");
                yield NativeLayer.Kind.FFM;
            }
            default -> throw new LayerRefusal("-D" + PROPERTY + "=" + requested + " names no native layer: say jnr or ffm");
        };
    }

    /** The layer a child JVM of release {@code feature} running from {@code classpath} uses when asked for {@code requested}. */
    public static NativeLayer.Kind forChild(String requested, int feature, String classpath) {
        return decide(requested, feature, feature >= FFM_SINCE && FfmPackaging.carriedBy(classpath));
    }

    /**
     * The layer of a child of release {@code feature} on {@code classpath} that no run slot speaks for (a pg,
     * etcd or witnessed JVM): asked for what this JVM was asked for, so it runs on this JVM's layer where it can.
     */
    public static NativeLayer.Kind ofChild(int feature, String classpath) {
        return forChild(requestedForThisJvm(), feature, classpath);
    }

    /** The {@code -D} option that tells a child JVM its layer. */
    public static String option(NativeLayer.Kind kind) {
        return "-D" + PROPERTY + "=" + kind.word();
    }
}
