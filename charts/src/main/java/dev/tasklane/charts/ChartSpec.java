package dev.tasklane.charts;

import java.util.List;
import java.util.Objects;

/**
 * What a chart is about.
 *
 * @param id          a prefix unique in the page, for the ids of the text alternative ({@code [A-Za-z0-9_-]})
 * @param title       the chart's title, shown and read out
 * @param description the text alternative: what the chart shows, in words (read out, not shown)
 * @param xLabels     one label per point along the x axis (dates, say)
 * @param xAxisLabel  the x axis's name and unit ("day")
 * @param yAxisLabel  the y axis's name and unit ("tasks", "hours")
 */
public record ChartSpec(String id, String title, String description, List<String> xLabels, String xAxisLabel,
                        String yAxisLabel) {
    /** The most points a chart draws (a year and a day of days). */
    public static final int MAX_POINTS = 400;
    /** The longest title, description or label kept; longer ones are cut. */
    public static final int MAX_TEXT = 2000;

    public ChartSpec {
        Objects.requireNonNull(id, "id");
        if (!id.matches("[A-Za-z0-9_-]{1,64}")) {
            throw new IllegalArgumentException("a chart id is 1 to 64 letters, digits, '-' or '_': " + id);
        }
        title = cut(Objects.requireNonNull(title, "title"));
        description = cut(Objects.requireNonNull(description, "description"));
        xLabels = List.copyOf(xLabels);
        if (xLabels.isEmpty() || xLabels.size() > MAX_POINTS) {
            throw new IllegalArgumentException("a chart has 1 to " + MAX_POINTS + " points, got " + xLabels.size());
        }
        xAxisLabel = cut(Objects.requireNonNull(xAxisLabel, "xAxisLabel"));
        yAxisLabel = cut(Objects.requireNonNull(yAxisLabel, "yAxisLabel"));
    }

    private static String cut(String text) {
        return text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text;
    }
}
