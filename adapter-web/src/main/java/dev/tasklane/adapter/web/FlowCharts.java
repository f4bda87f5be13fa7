package dev.tasklane.adapter.web;

import dev.tasklane.charts.ChartSpec;
import dev.tasklane.charts.Series;
import dev.tasklane.charts.SvgCharts;
import dev.tasklane.domain.flow.FlowReport;

import java.time.Duration;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** The metrics page's charts, drawn from one {@link FlowReport} with the shared SVG charts. */
final class FlowCharts {
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("MMM d", Locale.ROOT);

    private FlowCharts() {
    }

    private static List<String> days(FlowReport report) {
        List<String> labels = new ArrayList<>();
        for (LocalDate day : report.window().days()) {
            labels.add(DAY.format(day));
        }
        return labels;
    }

    private static String span(FlowReport report) {
        return report.window().first() + " to " + report.window().last() + " (" + report.window().zone().getId() + ")";
    }

    static String throughput(FlowReport report) {
        List<Double> values = report.throughput().perDay().stream().map(d -> (double) d.count()).toList();
        FlowReport.DayCount best = report.throughput().perDay().stream()
                .max((a, b) -> Long.compare(a.count(), b.count())).orElseThrow();
        String description = "Work and defect tasks reaching Done per day, " + span(report) + ": "
                + report.throughput().total() + " in all" + (best.count() > 0
                ? ", most on " + best.date() + " (" + best.count() + ")." : ", none.");
        return SvgCharts.bars(new ChartSpec("throughput-chart", "Throughput per day", description, days(report), "day",
                "tasks done"), new Series("tasks done", values));
    }

    static String percentiles(FlowReport report, String id, String title, Function<FlowReport.DayFigures, Duration> p50,
                              Function<FlowReport.DayFigures, Duration> p85, FlowReport.DurationFigure overall) {
        Duration longest = Duration.ZERO;
        for (FlowReport.DayFigures day : report.byDay()) {
            for (Duration value : new Duration[] {p50.apply(day), p85.apply(day)}) {
                if (value != null && value.compareTo(longest) > 0) {
                    longest = value;
                }
            }
        }
        Unit unit = Unit.forRange(longest);
        List<Double> median = new ArrayList<>();
        List<Double> high = new ArrayList<>();
        for (FlowReport.DayFigures day : report.byDay()) {
            median.add(unit.of(p50.apply(day)));
            high.add(unit.of(p85.apply(day)));
        }
        String description = title + " in " + unit.label + " of the tasks finished each day, " + span(report)
                + ". Over the window: " + (overall.count() == 0 ? "no task." : "p50 " + Format.duration(overall.p50())
                + ", p85 " + Format.duration(overall.p85()) + ", " + overall.count() + " tasks.");
        return SvgCharts.lines(new ChartSpec(id, title + " (p50 and p85)", description, days(report), "day of Done",
                unit.label), List.of(new Series("p50", median), new Series("p85", high)));
    }

    /** The unit a duration chart is drawn in: the largest in which its longest value is at least 2. */
    enum Unit {
        MINUTES("minutes", Duration.ofMinutes(1)),
        HOURS("hours", Duration.ofHours(1)),
        DAYS("days", Duration.ofDays(1));

        final String label;
        private final Duration size;

        Unit(String label, Duration size) {
            this.label = label;
            this.size = size;
        }

        static Unit forRange(Duration longest) {
            return longest.compareTo(Duration.ofDays(2)) >= 0 ? DAYS
                    : longest.compareTo(Duration.ofHours(2)) >= 0 ? HOURS : MINUTES;
        }

        Double of(Duration duration) {
            return duration == null ? null : Math.round(duration.toMillis() * 100.0 / size.toMillis()) / 100.0;
        }
    }

    static String cumulativeFlow(FlowReport report) {
        List<FlowReport.DayColumns> days = report.cumulativeFlow();
        FlowReport.DayColumns last = days.get(days.size() - 1);
        String description = "Tasks in each column at the end of each day, " + span(report) + "; Done counts the tasks "
                + "finished since the window began. On " + last.date() + ": Ready " + last.ready() + ", Doing " + last.doing()
                + ", Review " + last.review() + ", Done " + last.done() + ".";
        return SvgCharts.stackedArea(new ChartSpec("flow-chart", "Cumulative flow", description, days(report), "day",
                "tasks"), List.of(
                new Series("Done", days.stream().map(d -> (double) d.done()).toList()),
                new Series("Review", days.stream().map(d -> (double) d.review()).toList()),
                new Series("Doing", days.stream().map(d -> (double) d.doing()).toList()),
                new Series("Ready", days.stream().map(d -> (double) d.ready()).toList())));
    }

}
