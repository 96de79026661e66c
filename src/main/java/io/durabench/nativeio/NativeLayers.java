package io.durabench.nativeio;

/**
 * This JVM's native layer ({@link NativeLayer}), chosen once by {@link LayerChoice}'s rule and loaded
 * on first use. Only the chosen implementation is ever loaded: the java.lang.foreign one by name (it
 * exists only in the jar's META-INF/versions/22, which a JDK below 22 does not see), the jnr one
 * through a holder of its own, so a JVM on java.lang.foreign loads no jnr or jffi class.
 *
 * <p>A JDK 22+ that finds no java.lang.foreign layer in the jar (built on JDK 17 alone) and was not
 * asked for one says so in one line on stderr and goes on with jnr.
 */
public final class NativeLayers {
    private NativeLayers() {
    }

    /** The choice, made once; a refusal is kept (not thrown from a class initializer) so that every caller gets it as it is. */
    private static final class Chosen {
        static final NativeLayer.Kind KIND;
        static final LayerRefusal REFUSAL;

        static {
            NativeLayer.Kind kind = null;
            LayerRefusal refusal = null;
            try {
                kind = choose();
            } catch (LayerRefusal e) {
                refusal = e;
            }
            KIND = kind;
            REFUSAL = refusal;
        }
    }

    private static final class Loaded {
        static final NativeLayer LAYER = currentKind() == NativeLayer.Kind.FFM ? loadFfm() : Jnr.LAYER;
    }

    /** Referenced only when jnr is the layer, so that its classes load only then. */
    private static final class Jnr {
        static final NativeLayer LAYER = JnrSyscalls.get();
    }

    /** The layer this JVM calls libc through; loads it the first time. A layer that cannot be had is a {@link LayerRefusal}. */
    public static NativeLayer current() {
        return Loaded.LAYER;
    }

    /** Which layer this JVM uses, without loading it; a {@link LayerRefusal} when the property asks for one it cannot have. */
    public static NativeLayer.Kind currentKind() {
        if (Chosen.REFUSAL != null) throw new LayerRefusal(Chosen.REFUSAL.getMessage());
        return Chosen.KIND;
    }

    private static NativeLayer.Kind choose() {
        int feature = Runtime.version().feature();
        String requested = LayerChoice.requestedForThisJvm();
        boolean ffm = feature >= LayerChoice.FFM_SINCE && ffmLoadable();
        NativeLayer.Kind kind = LayerChoice.decide(requested, feature, ffm);
        if (requested == null && feature >= LayerChoice.FFM_SINCE && !ffm) {
            System.err.println("durabench: " + FfmPackaging.MISSING + ", so JDK " + feature + " runs it on jnr-posix (" + FfmPackaging.FIX + ")");
        }
        return kind;
    }

    private static boolean ffmLoadable() {
        try {
            Class.forName(FfmPackaging.CLASS_NAME, false, NativeLayers.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    private static NativeLayer loadFfm() {
        try {
            return (NativeLayer) Class.forName(FfmPackaging.CLASS_NAME).getMethod("get").invoke(null);
        } catch (ReflectiveOperationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new IllegalStateException("cannot load the java.lang.foreign layer: " + cause, cause);
        }
    }
}
