package io.durabench.chart;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An axis: where a value falls along it (0 at the start, 1 at the end) and which ticks to label
 * for a given length in pixels, so that no two labels collide. Log axes for times that span
 * decades, linear ones where a change of slope must show (group commit's knee), categories for
 * methods and committer counts.
 */
public abstract class Axis {
    private static final DecimalFormatSymbols ROOT = DecimalFormatSymbols.getInstance(Locale.ROOT);

    public record Tick(double value, String label, boolean major) {
    }

    /** 0..1 along the axis; NaN where the value cannot be placed (zero or less on a log axis). */
    abstract double fraction(double value);

    /** Ticks for an axis {@code pixels} long whose labels need {@code labelPixels} each along it. */
    abstract List<Tick> ticks(double pixels, double labelPixels);

    public boolean categorical() {
        return false;
    }

    static String number(double v) {
        double a = Math.abs(v);
        String pattern = a >= 100 || a == 0 ? "#,##0" : a >= 1 ? "#,##0.#" : a >= 0.1 ? "0.0#" : "0.0##";
        if (a >= 1 && v != Math.rint(v) && a < 100) pattern = "#,##0.##";
        return new DecimalFormat(pattern, ROOT).format(v);
    }

    /** Powers of ten, with 2 and 5 between them when there is room; minor ticks (unlabelled) at 2..9. */
    public static final class Log extends Axis {
        public final double min, max;

        public Log(double min, double max) {
            if (!(min > 0) || !(max > min)) throw new IllegalArgumentException("log axis needs 0 < min < max: " + min + ", " + max);
            this.min = min;
            this.max = max;
        }

        /** A range padded a little beyond the data so no mark sits on the frame. */
        public static Log around(double lowest, double highest) {
            if (!(highest > lowest)) {
                lowest = lowest / 2;
                highest = highest * 2;
            }
            return new Log(lowest / 1.35, highest * 1.35);
        }

        @Override
        double fraction(double value) {
            if (!(value > 0)) return Double.NaN;
            return (Math.log(value) - Math.log(min)) / (Math.log(max) - Math.log(min));
        }

        @Override
        List<Tick> ticks(double pixels, double labelPixels) {
            int lo = (int) Math.floor(Math.log10(min)), hi = (int) Math.ceil(Math.log10(max));
            double perDecade = pixels / Math.max(1e-9, Math.log10(max) - Math.log10(min));
            double[] labelled = perDecade >= 4 * labelPixels ? new double[] {1, 2, 5} : new double[] {1};
            // Less than a decade (tmpfs's panel of its own: 2.5 to 8 µs) may hold one of 1, 2, 5 or none: label every mantissa.
            if (perDecade >= 9 * labelPixels && count(labelled, lo, hi) < 3) labelled = new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9};
            // Too many decades for one label each: label every second (or third) power of ten.
            int step = Math.max(1, (int) Math.ceil(labelPixels * 1.6 / perDecade));
            List<Tick> ticks = new ArrayList<>();
            for (int d = lo; d <= hi; d++) {
                for (int m = 1; m <= 9; m++) {
                    double v = m * Math.pow(10, d);
                    if (v < min || v > max) continue;
                    boolean label = m == 1 ? Math.floorMod(d, step) == 0 : step == 1 && contains(labelled, m);
                    ticks.add(new Tick(v, label ? number(v) : null, m == 1));
                }
            }
            return ticks;
        }

        /** How many values m x 10^d of the set fall inside the axis. */
        private int count(double[] set, int lo, int hi) {
            int n = 0;
            for (int d = lo; d <= hi; d++) for (double m : set) if (m * Math.pow(10, d) >= min && m * Math.pow(10, d) <= max) n++;
            return n;
        }

        private static boolean contains(double[] set, double m) {
            for (double x : set) if (x == m) return true;
            return false;
        }
    }

    /** Nice steps (1, 2, 5 x 10^k) far enough apart for their labels. */
    public static final class Linear extends Axis {
        public final double min, max;

        public Linear(double min, double max) {
            if (!(max > min)) max = min + 1;
            this.min = min;
            this.max = max;
        }

        /** From zero (counts and rates start there) to a little above the highest value. */
        public static Linear fromZero(double highest) {
            return new Linear(0, highest > 0 ? highest * 1.08 : 1);
        }

        @Override
        double fraction(double value) {
            return (value - min) / (max - min);
        }

        @Override
        List<Tick> ticks(double pixels, double labelPixels) {
            int wanted = Math.max(2, (int) (pixels / (labelPixels * 2.2)));
            double raw = (max - min) / wanted, mag = Math.pow(10, Math.floor(Math.log10(raw)));
            double step = mag;
            for (double m : new double[] {1, 2, 2.5, 5, 10}) {
                if (m * mag >= raw) {
                    step = m * mag;
                    break;
                }
            }
            List<Tick> ticks = new ArrayList<>();
            for (double v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) {
                double clean = Math.abs(v) < step * 1e-9 ? 0 : v;
                ticks.add(new Tick(clean, number(clean), true));
            }
            return ticks;
        }
    }

    /** One slot per name, the value being the slot's index; every slot labelled. */
    public static final class Category extends Axis {
        public final List<String> names;

        public Category(List<String> names) {
            this.names = List.copyOf(names);
        }

        @Override
        double fraction(double index) {
            return (index + 0.5) / names.size();
        }

        @Override
        List<Tick> ticks(double pixels, double labelPixels) {
            List<Tick> ticks = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) ticks.add(new Tick(i, names.get(i), true));
            return ticks;
        }

        @Override
        public boolean categorical() {
            return true;
        }
    }
}
