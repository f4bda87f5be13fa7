package dev.tasklane.adapter.http.routes;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.application.port.in.FlowMetricsUseCase.Metrics;
import dev.tasklane.domain.flow.FlowReport;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * The answer of {@code GET /api/metrics} (docs/api.md, "Flow metrics"), typed and written by Jackson in snake case:
 * durations in whole seconds, times in ISO 8601, a figure without data null (never 0, never omitted).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.ALWAYS)
record MetricsAnswer(Window window, Throughput throughput, Figure cycleTime, Figure leadTime, Figure reviewWait,
                     Figure backlogWait, Rework rework, List<Day> cumulativeFlow, List<Agent> agents,
                     Figure awaitingInput, List<AwaitingAgent> awaitingInputAgents) {

    /** The root: the answer under {@code data}, as every answer of the API. */
    record Envelope(MetricsAnswer data) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Window(LocalDate from, LocalDate to, String tz) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Throughput(long total, long previousTotal, List<DayCount> perDay) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record DayCount(LocalDate date, long count) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record Figure(long count, Long p50S, Long p85S, Long p95S, Long previousP50S) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Rework(long tasksSentBack, long timesSentBack) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Day(LocalDate date, long ready, long doing, long review, long done) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record Agent(String user, String agentName, String state, long done, Long cycleP50S, Double reworkRate,
                 String currentTask, Instant leaseExpiresAt, Instant lastActivityAt) {
    }

    /** An agent's time awaiting input in the window: over how many tasks, in all, and the median task. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record AwaitingAgent(String user, String agentName, long tasks, long totalS, Long p50S) {
    }

    static MetricsAnswer of(Metrics metrics) {
        FlowReport report = metrics.report();
        return new MetricsAnswer(
                new Window(report.window().first(), report.window().last(), report.window().zone().getId()),
                new Throughput(report.throughput().total(), report.throughput().previousTotal(),
                        report.throughput().perDay().stream().map(d -> new DayCount(d.date(), d.count())).toList()),
                figure(report.cycleTime()), figure(report.leadTime()), figure(report.reviewWait()),
                figure(report.backlogWait()),
                new Rework(report.rework().tasksSentBack(), report.rework().timesSentBack()),
                report.cumulativeFlow().stream().map(d -> new Day(d.date(), d.ready(), d.doing(), d.review(), d.done())).toList(),
                report.agents().stream().map(a -> new Agent(metrics.username(a.agent().user()), a.agent().agentName(),
                        a.state().code(), a.done(), seconds(a.cycleP50()), a.reworkRate(), a.currentTask(),
                        a.leaseExpiresAt(), a.lastActivityAt())).toList(),
                figure(metrics.awaitingInput().perTask()),
                metrics.awaitingInput().agents().stream().map(a -> new AwaitingAgent(metrics.username(a.agent().user()),
                        a.agent().agentName(), a.tasks(), a.total().toSeconds(), seconds(a.p50()))).toList());
    }

    private static Figure figure(FlowReport.DurationFigure figure) {
        return new Figure(figure.count(), seconds(figure.p50()), seconds(figure.p85()), seconds(figure.p95()),
                seconds(figure.previousP50()));
    }

    private static Long seconds(Duration duration) {
        return duration == null ? null : duration.toSeconds();
    }
}
