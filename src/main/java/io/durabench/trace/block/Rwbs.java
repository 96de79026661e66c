package io.durabench.trace.block;

/**
 * A block request's flags as the block tracepoints print them ({@code rwbs}, the kernel's blk_fill_rwbs): an
 * optional leading {@code F} for a preflush, the operation ({@code W} write, {@code R} read, {@code D} discard,
 * {@code F} flush, {@code N} other), then {@code F} for FUA, and {@code A}, {@code S}, {@code M} for read-ahead,
 * sync and metadata. A pure flush request reaches the driver as {@code FF} (preflush and the flush operation);
 * {@code WFS} is a synchronous FUA write, {@code WS} a synchronous write that is durable only after a flush.
 */
public record Rwbs(boolean preflush, char op, boolean fua, boolean sync, boolean meta) {
    private static final String OPS = "WRDFN";

    /** "FF", "WFS", "FWFSM", "R"...; a one-line refusal of anything else. */
    public static Rwbs parse(String text) {
        if (text.isEmpty()) throw new IllegalArgumentException("empty rwbs");
        int i = 0;
        boolean preflush = false;
        if (text.charAt(0) == 'F' && text.length() > 1 && OPS.indexOf(text.charAt(1)) >= 0) {
            preflush = true;
            i = 1;
        }
        char op = text.charAt(i++);
        if (OPS.indexOf(op) < 0) throw new IllegalArgumentException("rwbs '" + text + "' names no operation (W, R, D, F, N)");
        if (op == 'D' && i < text.length() && text.charAt(i) == 'E') i++; // secure erase
        boolean fua = i < text.length() && text.charAt(i) == 'F';
        if (fua) i++;
        String rest = text.substring(i);
        if (!rest.chars().allMatch(c -> "ASM".indexOf(c) >= 0)) throw new IllegalArgumentException("rwbs '" + text + "': unknown flags '" + rest + "'");
        return new Rwbs(preflush, op, fua, rest.indexOf('S') >= 0, rest.indexOf('M') >= 0);
    }

    /** A request that empties the device's volatile cache: the flush operation, or a preflush before a write. */
    public boolean flush() {
        return op == 'F' || preflush;
    }

    public boolean write() {
        return op == 'W';
    }

    /** A write that is on stable storage when it completes, without a flush. */
    public boolean fuaWrite() {
        return op == 'W' && fua;
    }
}
