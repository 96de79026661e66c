package io.durabench.nativeio;

/** A native layer that cannot be used as asked (ffm on JDK 17, or in a build without it; a word that names none): bad input, exit 2. */
public final class LayerRefusal extends IllegalArgumentException {
    public LayerRefusal(String message) {
        super(message);
    }
}
