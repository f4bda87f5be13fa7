package dev.tasklane.archfixture.charts;

/** Obeys chartsArePure: java.. only. Must not appear in any violation. */
public final class Axis {
    private Axis() {
    }

    public static String label(String text) {
        return "<text>" + text + "</text>";
    }
}
