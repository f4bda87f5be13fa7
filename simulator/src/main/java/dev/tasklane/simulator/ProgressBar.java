package dev.tasklane.simulator;

import java.io.PrintStream;

/** A one-line progress bar redrawn in place, at most every {@link #REDRAW_NANOS}; silent when off. */
final class ProgressBar {
    static final long REDRAW_NANOS = 200_000_000L;
    private static final int WIDTH = 30;

    private final PrintStream out;
    private long lastDrawn;

    private ProgressBar(PrintStream out) {
        this.out = out;
    }

    static ProgressBar to(PrintStream out) {
        return new ProgressBar(out);
    }

    static ProgressBar off() {
        return new ProgressBar(null);
    }

    void update(long done, long total) {
        long now = System.nanoTime();
        if (out == null || now - lastDrawn < REDRAW_NANOS) {
            return;
        }
        lastDrawn = now;
        draw(done, total);
    }

    /** Draws the final state and ends the line. */
    void finish(long done, long total) {
        if (out != null) {
            draw(done, total);
            out.println();
        }
    }

    private void draw(long done, long total) {
        int filled = total == 0 ? WIDTH : (int) (WIDTH * Math.min(done, total) / total);
        out.print("\r[" + "#".repeat(filled) + " ".repeat(WIDTH - filled) + "] " + done + "/" + total + " tasks done");
        out.flush();
    }
}
