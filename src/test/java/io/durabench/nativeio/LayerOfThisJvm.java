package io.durabench.nativeio;

/** Prints the layer this JVM chose and proves it works with one call through it. Run by WithoutFfmTest. */
public final class LayerOfThisJvm {
    private LayerOfThisJvm() {
    }

    public static void main(String[] args) {
        NativeLayer layer = NativeLayers.current();
        System.out.println(layer.kind().word() + " " + (layer.getppid() == ProcessHandle.current().parent().orElseThrow().pid()));
    }
}
