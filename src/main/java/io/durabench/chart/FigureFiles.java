package io.durabench.chart;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/** Writes a figure as PNG (and, when asked, SVG) from one layout, so both files show the same thing. */
public final class FigureFiles {
    static {
        // Before any AWT class loads: servers and CI have no display.
        System.setProperty("java.awt.headless", "true");
    }

    private FigureFiles() {
    }

    public static ChartFile write(Figure f, Path dir, String name, String title, boolean svg) {
        FigureLayout layout = FigureLayout.of(f);
        Path png = dir.resolve(name + ".png");
        Path vector = svg ? dir.resolve(name + ".svg") : null;
        try {
            BufferedImage image = new BufferedImage(layout.width, layout.height, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = image.createGraphics();
            FigurePainter.paint(g, f, layout);
            g.dispose();
            ImageIO.write(image, "png", png.toFile());
            if (svg) {
                VectorGraphics2D vg = new VectorGraphics2D();
                FigurePainter.paint(vg, f, layout);
                try (OutputStream out = Files.newOutputStream(vector)) {
                    new SVGProcessor().getDocument(vg.getCommands(), new PageSize(0, 0, layout.width, layout.height)).writeTo(out);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write chart " + dir.resolve(name) + ": " + e.getMessage(), e);
        }
        return new ChartFile(title, png, vector, null);
    }
}
