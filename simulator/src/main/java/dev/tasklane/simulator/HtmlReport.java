package dev.tasklane.simulator;

import dev.tasklane.charts.ChartSpec;
import dev.tasklane.charts.Series;
import dev.tasklane.charts.SvgCharts;
import dev.tasklane.domain.flow.FlowReport;
import dev.tasklane.domain.flow.FlowReport.DurationFigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The report of one run, or of the teams of a comparison side by side, as one self-contained HTML page: the same
 * figures as the text report, the flow figures in tables, and charts drawn as inline SVG by the charts module. The
 * page has its CSS inline and loads nothing (no script, no stylesheet, no image, no font), so it can be mailed,
 * attached to a ticket or opened from disk and looks the same.
 */
final class HtmlReport {
    /** The most agents the per-agent table lists; the rest are counted. */
    static final int MAX_AGENT_ROWS = 100;
    private static final String CSS = """
            body{font-family:system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:1rem;color:#111827;line-height:1.4}
            h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #e5e7eb}
            table{border-collapse:collapse;margin:.5rem 0 1rem}th,td{padding:.25rem .75rem;text-align:left;border-bottom:1px solid #e5e7eb}
            td.n{text-align:right;font-variant-numeric:tabular-nums}th{background:#f9fafb}
            .charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(440px,1fr));gap:1rem}
            .pass{color:#047857;font-weight:600}.fail{color:#b91c1c;font-weight:600}
            pre{background:#f9fafb;padding:.75rem;overflow-x:auto;font-size:.8rem}
            .note{color:#4b5563;font-size:.9rem}
            """;

    private HtmlReport() {
    }

    /** The page of one run, or of several side by side. */
    static String page(List<SimulationResult> results) {
        SimulationResult first = results.get(0);
        boolean compare = results.size() > 1;
        StringBuilder html = new StringBuilder(64 * 1024);
        String title = compare
                ? "Tasklane simulation: " + String.join(" vs ", results.stream().map(r -> r.config().team().name()).toList())
                : "Tasklane simulation: " + first.config().team().name();
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .append("<title>").append(esc(title)).append("</title><style>").append(CSS).append("</style></head><body>\n");
        html.append("<h1>").append(esc(title)).append("</h1>\n");
        html.append(String.format(Locale.ROOT, "<p>%,d tasks in %,d goals, seed %d%s. Times are simulated; the flow figures are "
                        + "those of docs/rules.md (\"Flow metrics\"), computed by the domain's flow functions from the run's event log.</p>%n",
                first.tasks(), first.goals(), first.config().seed(),
                compare ? ": every team worked through the same plan with the same draws" : ""));

        html.append("<h2>Team</h2>\n");
        table(html, results, List.of(
                row("Agents", r -> String.valueOf(r.config().agents())),
                row("Reviewers", r -> String.valueOf(r.config().reviewers())),
                row("Review probability", r -> share(r.config().team().reviewProbability())),
                row("Rework probability", r -> share(r.config().team().reworkProbability())),
                row("Failure rate", r -> share(r.config().team().failureRate())),
                row("Work time", r -> r.config().team().workMinutes().describe()),
                row("Review time", r -> r.config().team().reviewMinutes().describe())));

        html.append("<h2>Flow</h2>\n");
        table(html, results, List.of(
                row("Window (UTC)", r -> r.flow().window().first() + " to " + r.flow().window().last()),
                row("Simulated time", r -> ReportFormatter.duration(r.simulated())),
                row("Throughput", r -> String.format(Locale.ROOT, "%,d tasks done", r.flow().throughput().total())),
                row("Per day, average", r -> String.format(Locale.ROOT, "%,.0f", ReportFormatter.perDay(r.flow()))),
                row("Busiest day", r -> String.format(Locale.ROOT, "%,d", ReportFormatter.busiest(r.flow()))),
                row("Cycle time p50 / p85 / p95", r -> ReportFormatter.percentiles(r.flow().cycleTime())),
                row("Lead time p50 / p85 / p95", r -> ReportFormatter.percentiles(r.flow().leadTime())),
                row("Review wait p50 / p85 / p95", r -> ReportFormatter.percentiles(r.flow().reviewWait())),
                row("Awaiting input p50 / p90", r -> r.awaitingInput().count() == 0 ? "none" : r.awaitingInput().p50() + " / "
                        + r.awaitingInput().p90() + " min (" + r.awaitingInput().count() + " questions)"),
                row("Tasks reviewed", r -> String.format(Locale.ROOT, "%,d", r.flow().reviewWait().count())),
                row("Backlog wait p50 / p85 / p95", r -> ReportFormatter.percentiles(r.flow().backlogWait())),
                row("Rework", r -> String.format(Locale.ROOT, "%,d tasks sent back, %,d times",
                        r.flow().rework().tasksSentBack(), r.flow().rework().timesSentBack()))));
        html.append("<p class=\"note\">Cycle time: first claim to Done. Lead time: creation to Done (every task is created at the "
                + "start). Review wait: each move into Review to the reviewer's decision, summed per task. Backlog wait: creation "
                + "to first claim.</p>\n");

        html.append("<h2>Charts</h2>\n<div class=\"charts\">\n");
        if (compare) {
            html.append(throughputLines(results)).append('\n');
            html.append(percentileLines(results, "cycle", "Cycle time", FlowReport::cycleTime)).append('\n');
            html.append(percentileLines(results, "review", "Review wait", FlowReport::reviewWait)).append('\n');
            html.append(percentileLines(results, "lead", "Lead time", FlowReport::leadTime)).append('\n');
            html.append(dailyLines(results, "cycle-daily", "Cycle time p85 per day", FlowReport.DayFigures::cycleP85)).append('\n');
            html.append(dailyLines(results, "review-daily", "Review wait p85 per day", FlowReport.DayFigures::reviewWaitP85)).append('\n');
        }
        for (int i = 0; i < results.size(); i++) {
            SimulationResult result = results.get(i);
            String side = compare ? " (" + result.config().team().name() + ")" : "";
            if (!compare) {
                html.append(throughputBars(result.flow(), "throughput-" + i)).append('\n');
                html.append(percentiles(result.flow(), "times-" + i)).append('\n');
                html.append(daily(result.flow(), "daily-" + i, "Cycle time and review wait per day", List.of(
                        day("cycle time p50", FlowReport.DayFigures::cycleP50), day("cycle time p85", FlowReport.DayFigures::cycleP85),
                        day("review wait p50", FlowReport.DayFigures::reviewWaitP50),
                        day("review wait p85", FlowReport.DayFigures::reviewWaitP85)))).append('\n');
                html.append(daily(result.flow(), "lead-" + i, "Lead time per day", List.of(
                        day("lead time p50", FlowReport.DayFigures::leadP50), day("lead time p85", FlowReport.DayFigures::leadP85))))
                        .append('\n');
            }
            html.append(cumulativeFlow(result.flow(), "cfd-" + i, side)).append('\n');
        }
        html.append("</div>\n");

        html.append("<h2>Run</h2>\n");
        table(html, results, List.of(
                row("Tasks and goals done", r -> String.format(Locale.ROOT, "%,d of %,d; %d of %d goals",
                        r.metrics().tasksDone.sum(), r.tasks(), r.goalsCompleted(), r.goals())),
                row("Claims", r -> String.format(Locale.ROOT, "%,d of %,d attempts", r.metrics().claims.sum(), r.metrics().claimAttempts.sum())),
                row("Abandoned claims", r -> String.format(Locale.ROOT, "%,d", r.metrics().abandoned.sum())),
                row("Review decisions", r -> String.format(Locale.ROOT, "%,d (%,d changes requested)",
                        r.metrics().reviews.sum(), r.metrics().changesRequested.sum())),
                row("Blocked wait p50 / p90", r -> r.blockedWait().p50() + " / " + r.blockedWait().p90() + " min"),
                row("Run: wall, processor", r -> String.format(Locale.ROOT, "%.1f s, %.1f s", r.run().toMillis() / 1000.0,
                        r.runCpu().toMillis() / 1000.0)),
                row("Invariants", r -> r.passed() ? "PASS" : "FAIL"),
                row("Event-log digest", SimulationResult::digestHex)));

        for (SimulationResult result : results) {
            html.append("<h2>Agents").append(compare ? " (" + esc(result.config().team().name()) + ")" : "").append("</h2>\n");
            agents(html, result.flow());
        }
        for (SimulationResult result : results) {
            html.append("<h2>Text report").append(compare ? " (" + esc(result.config().team().name()) + ")" : "").append("</h2>\n<pre>")
                    .append(esc(ReportFormatter.text(result))).append("</pre>\n");
        }
        html.append("</body></html>\n");
        return html.toString();
    }

    private record Row(String label, Function<SimulationResult, String> value) {
    }

    private static Row row(String label, Function<SimulationResult, String> value) {
        return new Row(label, value);
    }

    private static void table(StringBuilder html, List<SimulationResult> results, List<Row> rows) {
        html.append("<table><thead><tr><th></th>");
        for (SimulationResult result : results) {
            html.append("<th scope=\"col\">").append(esc(result.config().team().name())).append("</th>");
        }
        html.append("</tr></thead><tbody>");
        for (Row row : rows) {
            html.append("<tr><th scope=\"row\">").append(esc(row.label())).append("</th>");
            for (SimulationResult result : results) {
                String value = row.value().apply(result);
                String cls = "PASS".equals(value) ? " class=\"n pass\"" : "FAIL".equals(value) ? " class=\"n fail\"" : " class=\"n\"";
                html.append("<td").append(cls).append('>').append(esc(value)).append("</td>");
            }
            html.append("</tr>");
        }
        html.append("</tbody></table>\n");
    }

    private static String throughputBars(FlowReport flow, String id) {
        List<String> days = flow.throughput().perDay().stream().map(day -> day.date().toString()).toList();
        List<Double> counts = flow.throughput().perDay().stream().map(day -> (double) day.count()).toList();
        return SvgCharts.bars(new ChartSpec(id, "Tasks done per day",
                String.format(Locale.ROOT, "Work and defect tasks that reached Done on each simulated day, %s to %s: %,d in all, "
                        + "%,d on the busiest day.", days.get(0), days.get(days.size() - 1), flow.throughput().total(),
                        ReportFormatter.busiest(flow)), days, "day (UTC)", "tasks"), new Series("tasks done", counts));
    }

    /** The teams' tasks done per day, day 1 being each run's first: runs of different lengths line up at their start. */
    private static String throughputLines(List<SimulationResult> results) {
        int days = results.stream().mapToInt(r -> r.flow().throughput().perDay().size()).max().orElse(1);
        List<String> labels = new ArrayList<>();
        for (int d = 1; d <= days; d++) {
            labels.add("day " + d);
        }
        List<Series> series = new ArrayList<>();
        StringBuilder description = new StringBuilder("Work and defect tasks that reached Done on each simulated day of the run, per team:");
        for (SimulationResult result : results) {
            List<Double> values = new ArrayList<>();
            for (FlowReport.DayCount day : result.flow().throughput().perDay()) {
                values.add((double) day.count());
            }
            while (values.size() < days) {
                values.add(null);
            }
            series.add(new Series(result.config().team().name(), values));
            description.append(String.format(Locale.ROOT, " %s, %,d days, %,.0f a day on average;", result.config().team().name(),
                    result.flow().throughput().perDay().size(), ReportFormatter.perDay(result.flow())));
        }
        return SvgCharts.lines(new ChartSpec("throughput", "Tasks done per day", description.toString(), labels, "day of the run",
                "tasks"), series);
    }

    private record Daily(String name, Function<FlowReport.DayFigures, Duration> figure) {
    }

    private static Daily day(String name, Function<FlowReport.DayFigures, Duration> figure) {
        return new Daily(name, figure);
    }

    /** Figures of each day's finished tasks, in hours, a line each (a gap on a day without one). */
    private static String daily(FlowReport flow, String id, String title, List<Daily> figures) {
        List<String> labels = flow.byDay().stream().map(d -> d.date().toString()).toList();
        List<Series> series = new ArrayList<>();
        StringBuilder description = new StringBuilder("Over the tasks that reached Done on each simulated day, in hours, from "
                + labels.get(0) + " to " + labels.get(labels.size() - 1) + ":");
        for (Daily figure : figures) {
            List<Double> values = flow.byDay().stream().map(d -> hoursOrNull(figure.figure().apply(d))).toList();
            series.add(new Series(figure.name(), values));
            description.append(' ').append(figure.name()).append(" from ").append(range(values)).append(';');
        }
        return SvgCharts.lines(new ChartSpec(id, title, description.toString(), labels, "day (UTC)", "hours"), series);
    }

    /** One figure of each day's finished tasks per team, in hours, day 1 being each run's first. */
    private static String dailyLines(List<SimulationResult> results, String id, String title,
                                     Function<FlowReport.DayFigures, Duration> figure) {
        int days = results.stream().mapToInt(r -> r.flow().byDay().size()).max().orElse(1);
        List<String> labels = new ArrayList<>();
        for (int d = 1; d <= days; d++) {
            labels.add("day " + d);
        }
        List<Series> series = new ArrayList<>();
        StringBuilder description = new StringBuilder(title + ", in hours, over the tasks that reached Done on each day of the run:");
        for (SimulationResult result : results) {
            List<Double> values = new ArrayList<>(result.flow().byDay().stream().map(d -> hoursOrNull(figure.apply(d))).toList());
            description.append(' ').append(result.config().team().name()).append(" from ").append(range(values)).append(';');
            while (values.size() < days) {
                values.add(null);
            }
            series.add(new Series(result.config().team().name(), values));
        }
        return SvgCharts.lines(new ChartSpec(id, title, description.toString(), labels, "day of the run", "hours"), series);
    }

    /** "0.7 to 9.2 hours", or "no day" when every value is missing. */
    private static String range(List<Double> values) {
        double low = Double.MAX_VALUE;
        double high = -1;
        for (Double value : values) {
            if (value != null) {
                low = Math.min(low, value);
                high = Math.max(high, value);
            }
        }
        return high < 0 ? "no day with a finished task" : String.format(Locale.ROOT, "%.1f to %.1f hours", low, high);
    }

    /** One figure's p50, p85 and p95 per team, in hours. */
    private static String percentileLines(List<SimulationResult> results, String id, String name,
                                          Function<FlowReport, DurationFigure> figure) {
        List<Series> series = new ArrayList<>();
        StringBuilder description = new StringBuilder(name + " in hours at the 50th, 85th and 95th percentiles, per team:");
        for (SimulationResult result : results) {
            DurationFigure f = figure.apply(result.flow());
            series.add(new Series(result.config().team().name(), List.of(hoursOrNull(f.p50()), hoursOrNull(f.p85()), hoursOrNull(f.p95()))));
            description.append(' ').append(result.config().team().name()).append(' ')
                    .append(ReportFormatter.percentiles(f)).append(String.format(Locale.ROOT, " (%,d tasks);", f.count()));
        }
        return SvgCharts.lines(new ChartSpec(id, name + " percentiles", description.toString(), List.of("p50", "p85", "p95"),
                "percentile", "hours"), series);
    }

    /** The run's cycle time, lead time, review wait and backlog wait at p50, p85 and p95, in hours. */
    private static String percentiles(FlowReport flow, String id) {
        List<Series> series = List.of(
                percentileSeries("cycle time", flow.cycleTime()), percentileSeries("review wait", flow.reviewWait()),
                percentileSeries("backlog wait", flow.backlogWait()), percentileSeries("lead time", flow.leadTime()));
        String description = "Hours at the 50th, 85th and 95th percentiles: cycle time " + ReportFormatter.percentiles(flow.cycleTime())
                + "; review wait " + ReportFormatter.percentiles(flow.reviewWait()) + "; backlog wait "
                + ReportFormatter.percentiles(flow.backlogWait()) + "; lead time " + ReportFormatter.percentiles(flow.leadTime()) + ".";
        return SvgCharts.lines(new ChartSpec(id, "How long work takes and waits", description, List.of("p50", "p85", "p95"),
                "percentile", "hours"), series);
    }

    private static Series percentileSeries(String name, DurationFigure figure) {
        return new Series(name, List.of(hoursOrNull(figure.p50()), hoursOrNull(figure.p85()), hoursOrNull(figure.p95())));
    }

    private static String cumulativeFlow(FlowReport flow, String id, String side) {
        List<FlowReport.DayColumns> days = flow.cumulativeFlow();
        List<String> labels = days.stream().map(day -> day.date().toString()).toList();
        List<Series> layers = List.of(
                new Series("Done", days.stream().map(day -> (double) day.done()).toList()),
                new Series("Review", days.stream().map(day -> (double) day.review()).toList()),
                new Series("Doing", days.stream().map(day -> (double) day.doing()).toList()),
                new Series("Ready", days.stream().map(day -> (double) day.ready()).toList()));
        FlowReport.DayColumns last = days.get(days.size() - 1);
        FlowReport.DayColumns firstDay = days.get(0);
        return SvgCharts.stackedArea(new ChartSpec(id, "Cumulative flow" + side,
                String.format(Locale.ROOT, "Work and defect tasks in each column at the end of each simulated day, %s to %s. "
                                + "End of the first day: %,d ready, %,d doing, %,d in review, %,d done. End of the last day: %,d ready, "
                                + "%,d doing, %,d in review, %,d done.", labels.get(0), labels.get(labels.size() - 1),
                        firstDay.ready(), firstDay.doing(), firstDay.review(), firstDay.done(), last.ready(), last.doing(),
                        last.review(), last.done()), labels, "day (UTC)", "tasks"), layers);
    }

    private static void agents(StringBuilder html, FlowReport flow) {
        html.append("<table><thead><tr><th scope=\"col\">Agent</th><th scope=\"col\">Tasks done</th>")
                .append("<th scope=\"col\">Cycle time p50</th><th scope=\"col\">Rework rate</th></tr></thead><tbody>");
        int shown = 0;
        for (FlowReport.AgentFigures agent : flow.agents()) {
            if (shown++ == MAX_AGENT_ROWS) {
                break;
            }
            html.append("<tr><td>").append(esc(agent.agent().agentName())).append("</td><td class=\"n\">")
                    .append(String.format(Locale.ROOT, "%,d", agent.done())).append("</td><td class=\"n\">")
                    .append(agent.cycleP50() == null ? "none" : ReportFormatter.duration(agent.cycleP50())).append("</td><td class=\"n\">")
                    .append(agent.reworkRate() == null ? "none" : String.format(Locale.ROOT, "%.0f%%", agent.reworkRate() * 100))
                    .append("</td></tr>");
        }
        html.append("</tbody></table>\n");
        if (flow.agents().size() > MAX_AGENT_ROWS) {
            html.append(String.format(Locale.ROOT, "<p class=\"note\">The first %d of %,d agents.</p>%n", MAX_AGENT_ROWS, flow.agents().size()));
        }
    }

    private static Double hoursOrNull(Duration duration) {
        return duration == null ? null : duration.toMinutes() / 60.0;
    }

    private static String share(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    private static String esc(String text) {
        return SvgCharts.escape(text);
    }
}
