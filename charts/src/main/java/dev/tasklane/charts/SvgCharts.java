package dev.tasklane.charts;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Draws charts as standalone SVG elements, ready to put in an HTML page. The text alternative is the
 * {@code <title>} and {@code <desc>} named by {@code aria-labelledby}; each bar and point also carries its value in
 * a {@code <title>}, which browsers show on hover. The drawing is 640 by 300 units in a {@code viewBox} with
 * {@code width="100%"}, so it scales down to a phone and keeps its proportions.
 */
public final class SvgCharts {
    static final int WIDTH = 640;
    static final int HEIGHT = 300;
    private static final int LEFT = 60;
    private static final int RIGHT = 16;
    private static final int TOP = 40;
    private static final int BOTTOM = 58;
    private static final int LEGEND = 22;
    private static final String[] PALETTE = {"#2563eb", "#d97706", "#059669", "#dc2626", "#7c3aed", "#0891b2"};

    private SvgCharts() {
    }

    /** One bar per point. */
    public static String bars(ChartSpec spec, Series series) {
        check(spec, List.of(series));
        Frame frame = new Frame(spec, max(series.values()));
        StringBuilder svg = frame.open();
        int n = spec.xLabels().size();
        double band = frame.plotWidth() / n;
        for (int i = 0; i < n; i++) {
            Double value = series.values().get(i);
            if (value == null) {
                continue;
            }
            double top = frame.y(value);
            svg.append(String.format(Locale.ROOT,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%s: %s %s</title></rect>",
                    LEFT + band * i + band * 0.15, top, Math.max(1, band * 0.7), frame.bottom() - top, PALETTE[0],
                    escape(spec.xLabels().get(i)), number(value), escape(spec.yAxisLabel())));
        }
        return frame.close(svg, List.of());
    }

    /** One line per series, broken where a value is missing, with a dot at each value. */
    public static String lines(ChartSpec spec, List<Series> series) {
        check(spec, series);
        double max = 0;
        for (Series s : series) {
            max = Math.max(max, max(s.values()));
        }
        Frame frame = new Frame(spec, max);
        StringBuilder svg = frame.open();
        // the last series first: the first one (p50 before p85, say) is drawn on top where they meet
        for (int k = series.size() - 1; k >= 0; k--) {
            Series s = series.get(k);
            String colour = PALETTE[k % PALETTE.length];
            StringBuilder path = new StringBuilder();
            boolean pen = false;
            StringBuilder dots = new StringBuilder();
            for (int i = 0; i < s.values().size(); i++) {
                Double value = s.values().get(i);
                if (value == null) {
                    pen = false;
                    continue;
                }
                double x = frame.x(i);
                double y = frame.y(value);
                path.append(String.format(Locale.ROOT, "%s%.1f %.1f ", pen ? "L" : "M", x, y));
                pen = true;
                dots.append(String.format(Locale.ROOT,
                        "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>%s, %s: %s %s</title></circle>",
                        x, y, colour, escape(s.name()), escape(spec.xLabels().get(i)), number(value),
                        escape(spec.yAxisLabel())));
            }
            if (path.length() > 0) {
                svg.append("<path d=\"").append(path.toString().trim()).append("\" fill=\"none\" stroke=\"")
                        .append(colour).append("\" stroke-width=\"2\"/>");
            }
            svg.append(dots);
        }
        return frame.close(svg, names(series));
    }

    /** The series stacked on each other, the first at the bottom (a cumulative-flow chart, say). */
    public static String stackedArea(ChartSpec spec, List<Series> layers) {
        check(spec, layers);
        int n = spec.xLabels().size();
        double[] total = new double[n];
        for (Series layer : layers) {
            for (int i = 0; i < n; i++) {
                total[i] += value(layer, i);
            }
        }
        double max = 0;
        for (double t : total) {
            max = Math.max(max, t);
        }
        Frame frame = new Frame(spec, max);
        StringBuilder svg = frame.open();
        double[] base = new double[n];
        for (int k = 0; k < layers.size(); k++) {
            Series layer = layers.get(k);
            double[] top = new double[n];
            StringBuilder points = new StringBuilder();
            for (int i = 0; i < n; i++) {
                top[i] = base[i] + value(layer, i);
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", frame.x(i), frame.y(top[i])));
            }
            for (int i = n - 1; i >= 0; i--) {
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", frame.x(i), frame.y(base[i])));
            }
            String colour = PALETTE[k % PALETTE.length];
            svg.append("<polygon points=\"").append(points.toString().trim()).append("\" fill=\"").append(colour)
                    .append("\" fill-opacity=\"0.75\" stroke=\"").append(colour).append("\"><title>")
                    .append(escape(layer.name())).append("</title></polygon>");
            base = top;
        }
        return frame.close(svg, names(layers));
    }

    private static void check(ChartSpec spec, List<Series> series) {
        if (series.isEmpty() || series.size() > PALETTE.length) {
            throw new IllegalArgumentException("a chart draws 1 to " + PALETTE.length + " series, got " + series.size());
        }
        for (Series s : series) {
            if (s.values().size() != spec.xLabels().size()) {
                throw new IllegalArgumentException("series " + s.name() + " has " + s.values().size()
                        + " values for " + spec.xLabels().size() + " points");
            }
        }
    }

    private static List<String> names(List<Series> series) {
        List<String> names = new ArrayList<>();
        series.forEach(s -> names.add(s.name()));
        return names;
    }

    private static double value(Series series, int i) {
        Double value = series.values().get(i);
        return value == null ? 0 : value;
    }

    private static double max(List<Double> values) {
        double max = 0;
        for (Double value : values) {
            if (value != null) {
                max = Math.max(max, value);
            }
        }
        return max;
    }

    /** A tick step of 1, 2 or 5 times a power of ten giving about four steps up to {@code max}. */
    static double niceStep(double max) {
        if (max <= 0) {
            return 1;
        }
        double raw = max / 4;
        double power = Math.pow(10, Math.floor(Math.log10(raw)));
        double fraction = raw / power;
        double nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
        return nice * power;
    }

    /**
     * A tick's label with as many decimals as its step needs, so that no two ticks read the same: steps of 0.005
     * read 0, 0.005, 0.01, 0.015; steps of 5, 0, 5, 10.
     */
    static String tickLabel(double tick, double step) {
        int decimals = (int) Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));
        if (decimals == 0) {
            return Long.toString(Math.round(tick));
        }
        String text = String.format(Locale.ROOT, "%." + decimals + "f", tick);
        return text.contains(".") ? text.replaceAll("0+$", "").replaceAll("\\.$", "") : text;
    }

    static String number(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        String text = String.format(Locale.ROOT, "%.2f", value);
        return text.replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    /** XML text and attribute escaping. */
    public static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> {
                    if (c >= 0x20 || c == '\n' || c == '\t') {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }

    /** The axes, grid, labels and text alternative around a chart's marks. */
    private static final class Frame {
        private final ChartSpec spec;
        private final double top;
        private final double step;

        Frame(ChartSpec spec, double max) {
            this.spec = spec;
            this.step = niceStep(max);
            this.top = Math.max(step, Math.ceil(max / step) * step);
        }

        double plotWidth() {
            return WIDTH - LEFT - RIGHT;
        }

        double bottom() {
            return HEIGHT - BOTTOM - LEGEND;
        }

        double x(int i) {
            return LEFT + plotWidth() * (i + 0.5) / spec.xLabels().size();
        }

        double y(double value) {
            return bottom() - (bottom() - TOP) * (value / top);
        }

        StringBuilder open() {
            String id = spec.id();
            StringBuilder svg = new StringBuilder(4096);
            svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 ").append(WIDTH).append(' ')
                    .append(HEIGHT).append("\" width=\"100%\" preserveAspectRatio=\"xMidYMid meet\" role=\"img\" aria-labelledby=\"")
                    .append(id).append("-title ").append(id).append("-desc\" font-family=\"system-ui, sans-serif\" font-size=\"12\">");
            svg.append("<title id=\"").append(id).append("-title\">").append(escape(spec.title())).append("</title>");
            svg.append("<desc id=\"").append(id).append("-desc\">").append(escape(spec.description())).append("</desc>");
            svg.append("<text x=\"").append(LEFT).append("\" y=\"22\" font-size=\"15\" font-weight=\"600\" fill=\"#111827\">")
                    .append(escape(spec.title())).append("</text>");
            long ticks = Math.round(top / step);
            for (long k = 0; k <= ticks; k++) {
                double tick = k * step;
                double y = y(tick);
                svg.append(String.format(Locale.ROOT,
                        "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#e5e7eb\"/>"
                                + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" fill=\"#4b5563\">%s</text>",
                        LEFT, WIDTH - RIGHT, y, y, LEFT - 6, y + 4, tickLabel(tick, step)));
            }
            return svg;
        }

        String close(StringBuilder svg, List<String> legendNames) {
            double bottom = bottom();
            svg.append(String.format(Locale.ROOT,
                    "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#374151\"/>"
                            + "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%.1f\" stroke=\"#374151\"/>",
                    LEFT, WIDTH - RIGHT, bottom, bottom, LEFT, LEFT, TOP, bottom));
            int n = spec.xLabels().size();
            int every = (int) Math.ceil(n / 8.0);
            for (int i = 0; i < n; i += every) {
                svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#4b5563\">%s</text>",
                        x(i), bottom + 16, escape(spec.xLabels().get(i))));
            }
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#111827\">%s</text>",
                    LEFT + plotWidth() / 2, bottom + 36, escape(spec.xAxisLabel())));
            svg.append(String.format(Locale.ROOT,
                    "<text transform=\"translate(14 %.1f) rotate(-90)\" text-anchor=\"middle\" fill=\"#111827\">%s</text>",
                    (TOP + bottom) / 2, escape(spec.yAxisLabel())));
            double x = LEFT;
            double y = HEIGHT - 10;
            for (int k = 0; k < legendNames.size(); k++) {
                String name = legendNames.get(k);
                svg.append(String.format(Locale.ROOT,
                        "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\"/><text x=\"%.1f\" y=\"%.1f\" fill=\"#111827\">%s</text>",
                        x, y - 10, PALETTE[k % PALETTE.length], x + 16, y, escape(name)));
                x += 28 + 7.5 * Math.min(name.length(), 30);
            }
            return svg.append("</svg>").toString();
        }
    }
}
