package io.durabench.suite;

import io.durabench.child.JvmFlags;
import io.durabench.child.JvmProbe;
import io.durabench.env.JvmFacts;
import io.durabench.nativeio.LayerChoice;
import io.durabench.nativeio.NativeLayer;
import io.durabench.nativeio.NativeLayers;
import io.durabench.results.RunManifest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One JVM a run measures with: the k-th {@code --jvm} (k counts from 1; {@code --repeat} lists a JVM
 * again), its facts as that JVM reports them, its native layer (the slot's entry of
 * {@code -Ddurabench.native}, else the default for its release: {@link LayerChoice}), and the flags its
 * forks need so that JMH 1.37 and the layer run on it without warnings ({@link JvmFlags#jmhFork}).
 *
 * @param label the results subfolder ("jvm2-25.0.3"); null for a run on the launcher's JVM only,
 *              whose results keep the flat layout
 */
public record JvmSlot(String label, JvmFacts facts, NativeLayer.Kind layer) {
    /** A run with no --jvm: the launcher's own JVM and layer, results in the target's folder. */
    public static JvmSlot launcher() {
        return new JvmSlot(null, JvmFacts.current(), NativeLayers.currentKind());
    }

    /**
     * One slot per JVM given, in order, the list repeated {@code repeat} times (A B A B for --jvm A --jvm B
     * --repeat 2), each on the layer asked for it; a layer a slot's JVM cannot have is a LayerRefusal.
     */
    public static List<JvmSlot> of(List<JvmFacts> jvms, int repeat) {
        List<JvmSlot> slots = new ArrayList<>();
        int count = jvms.size() * repeat;
        for (int r = 0; r < repeat; r++) {
            for (JvmFacts f : jvms) {
                slots.add(new JvmSlot("jvm" + (slots.size() + 1) + "-" + f.version(), f, layerOf(slots.size(), count, f)));
            }
        }
        return slots;
    }

    /**
     * The slots a run recorded in its run.json, made again for a run that repeats it (--resume, the
     * gate): each slot's label and JVM as recorded, so results land in the same slot folders; the
     * launcher's JVM when the run named none. A recorded JVM that no longer starts is
     * {@link JvmProbe#of}'s IllegalArgumentException, naming it.
     */
    public static List<JvmSlot> recorded(RunManifest manifest) {
        if (manifest.jvms().isEmpty()) return List.of(launcher());
        List<JvmSlot> slots = new ArrayList<>();
        for (RunManifest.Jvm j : manifest.jvms()) {
            JvmFacts f = JvmProbe.of(Path.of(j.java()));
            slots.add(new JvmSlot(j.slot(), f, layerOf(slots.size(), manifest.jvms().size(), f)));
        }
        return slots;
    }

    /** The layer of slot {@code index} of {@code count}: its forks run from this JVM's classpath. */
    private static NativeLayer.Kind layerOf(int index, int count, JvmFacts jvm) {
        return LayerChoice.forChild(LayerChoice.requestedForSlot(index, count), jvm.feature(), System.getProperty("java.class.path"));
    }

    /** Whether the cell runs in a JVM other than the launcher (then JMH is told which). */
    public boolean forksAnotherJvm() {
        return label != null && !facts.isCurrent();
    }

    /** Flags every fork of this JVM gets ahead of the user's own JVM options (the user's come later and win). */
    public List<String> jvmFlags() {
        return JvmFlags.jmhFork(facts.feature(), layer).list();
    }

    /** "JDK 25.0.3 (jvm2)" for messages. */
    public String describe() {
        return "JDK " + facts.version() + (label == null ? "" : " (" + label.substring(0, label.indexOf('-')) + ")");
    }
}
