package dev.tasklane.domain.flow;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * The flow figures of one window (docs/rules.md, "Flow metrics"): what the metrics page, the CSV export,
 * the HTTP API's metrics answer and the simulator's report all show.
 *
 * @param byDay the duration figures of each day's finished tasks, for charts over the window
 * @param tasks the per-task rows behind the figures: the tasks that reached Done in the window, by Done time
 */
public record FlowReport(FlowWindow window, String agentFilter, Throughput throughput, DurationFigure cycleTime,
                         DurationFigure leadTime, DurationFigure reviewWait, DurationFigure backlogWait, Rework rework,
                         List<DayColumns> cumulativeFlow, List<DayFigures> byDay, List<AgentFigures> agents,
                         List<TaskFlow> tasks) {

    /** Work and defect tasks reaching Done: in the window, in the previous one, and per day. */
    public record Throughput(long total, long previousTotal, List<DayCount> perDay) {
    }

    public record DayCount(LocalDate date, long count) {
    }

    /**
     * A duration figure over the tasks that reached Done in the window: nearest-rank percentiles, null when
     * {@code count} is 0; {@code previousP50} is the previous window's median, null when it had none.
     */
    public record DurationFigure(long count, Duration p50, Duration p85, Duration p95, Duration previousP50) {
    }

    /** Of the tasks that reached Done in the window: how many were sent back at least once, and how often in all. */
    public record Rework(long tasksSentBack, long timesSentBack) {
    }

    /**
     * The p50 and p85 of cycle time, lead time and review wait over the tasks that reached Done on one day (null
     * where that day has none).
     */
    public record DayFigures(LocalDate date, Duration cycleP50, Duration cycleP85, Duration leadP50, Duration leadP85,
                             Duration reviewWaitP50, Duration reviewWaitP85) {
    }

    /** How many work and defect tasks were in each column at the end of a day (Done: reached it in the window). */
    public record DayColumns(LocalDate date, long ready, long doing, long review, long done) {
    }

    /**
     * One agent's figures: Done in the window, median cycle time and rework rate (null without a task Done),
     * its current task and the lease left on it (null without one), its last activity and its state.
     */
    public record AgentFigures(FlowAgent agent, AgentState state, long done, Duration cycleP50, Double reworkRate,
                               String currentTask, Instant leaseExpiresAt, Instant lastActivityAt) {
    }
}
