package dev.tasklane.domain.forecast;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.flow.FlowAgent;
import dev.tasklane.domain.flow.FlowReport;
import dev.tasklane.domain.flow.TaskFlow;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a forecast draws from (docs/forecasting.md, "What it draws from"): the board's history over a window,
 * read from the same {@link FlowReport} as the metrics page, so that cycle time and review wait have one
 * definition ({@link TaskFlow#cycleMillis()}, {@link TaskFlow#reviewWaitMillisOrNone()}). Or a team file's
 * figures, for a board without history ({@link #ofTeam}).
 *
 * <ul>
 *   <li>work time of one pass: a finished task's cycle time less its review wait, shared over its passes
 *       (one, plus one per time a review sent it back);</li>
 *   <li>one review round's answer time: its review wait shared over its rounds;</li>
 *   <li>rework share: of all review rounds, the share that sent the task back;</li>
 *   <li>agents active per day: per day of the window from the first day with work, the distinct agents whose
 *       finished tasks were in Doing that day;</li>
 *   <li>daily throughput (for the throughput-sampling forecast), the metrics page's own per-day counts.</li>
 * </ul>
 *
 * @param windowDays     the days the history covers
 * @param tasksSampled   how many finished tasks it holds
 * @param workMillis     the work time of one pass of each sampled task, sorted
 * @param reviewMillis   the answer time of one review round of each reviewed task, sorted (empty: none reviewed)
 * @param reworkShare    the share of review rounds that sent the task back, 0 to 1
 * @param agentsPerDay   the agents active on each day
 * @param throughput     the tasks finished on each day
 * @param reviewers      the people answering reviews assumed (the history does not tell them apart: 1 unless told)
 * @param answersPerDay  review rounds answered per day of the history
 * @param source         where the draws come from
 */
public record FlowSample(int windowDays, int tasksSampled, long[] workMillis, long[] reviewMillis, double reworkShare,
                         int[] agentsPerDay, long[] throughput, int reviewers, double answersPerDay, Forecast.Source source) {
    /** The fewest finished tasks a history needs before a forecast is made from it. */
    public static final int NEEDED = 10;
    /** The code of the refusal when it has fewer. */
    public static final String INSUFFICIENT = "insufficient_history";
    private static final long DAY = 86_400_000L;

    public FlowSample {
        workMillis = sorted(workMillis);
        reviewMillis = sorted(reviewMillis);
        agentsPerDay = agentsPerDay.clone();
        throughput = throughput.clone();
        if (workMillis.length == 0 || agentsPerDay.length == 0 || throughput.length == 0) {
            throw new IllegalArgumentException("a flow sample needs work times, agents per day and throughput");
        }
        if (reworkShare < 0 || reworkShare >= 1 || reviewers < 1) {
            throw new IllegalArgumentException("rework share is 0 to below 1 and there is at least one reviewer");
        }
    }

    /**
     * The sample of a window's flow report.
     *
     * @throws InvalidInputException 422 {@value #INSUFFICIENT} with fewer than {@link #NEEDED} finished tasks
     */
    public static FlowSample fromReport(FlowReport report) {
        List<TaskFlow> tasks = report.tasks();
        if (tasks.size() < NEEDED) {
            throw insufficient(tasks.size());
        }
        long[] work = new long[tasks.size()];
        long[] review = new long[tasks.size()];
        int reviewed = 0;
        long rounds = 0;
        long sentBack = 0;
        Instant firstWork = null;
        for (int i = 0; i < tasks.size(); i++) {
            TaskFlow task = tasks.get(i);
            long wait = task.reviewWaitMillisOrNone();
            int passes = 1 + task.timesSentBack();
            work[i] = Math.max(0, task.cycleMillis() - Math.max(0, wait)) / passes;
            if (wait >= 0) {
                review[reviewed++] = wait / passes;
                rounds += passes;
                sentBack += task.timesSentBack();
            }
            Instant start = task.firstClaimAt() != null ? task.firstClaimAt() : task.doneAt();
            firstWork = firstWork == null || start.isBefore(firstWork) ? start : firstWork;
        }
        List<LocalDate> days = report.window().days();
        LocalDate first = report.window().dayOf(firstWork);
        int from = 0;
        while (from < days.size() - 1 && days.get(from).isBefore(first)) {
            from++;
        }
        int[] agents = new int[days.size() - from];
        long[] throughput = new long[days.size() - from];
        for (int d = from; d < days.size(); d++) {
            Instant dayStart = report.window().dayEnd(days.get(d)).minusMillis(DAY);
            Instant dayEnd = report.window().dayEnd(days.get(d));
            Set<FlowAgent> active = new HashSet<>();
            for (TaskFlow task : tasks) {
                Instant start = task.firstClaimAt() != null ? task.firstClaimAt() : task.doneAt();
                if (task.agent() != null && start.isBefore(dayEnd) && !task.doneAt().isBefore(dayStart)) {
                    active.add(task.agent());
                }
            }
            agents[d - from] = active.size();
            throughput[d - from] = report.throughput().perDay().get(d).count();
        }
        if (Arrays.stream(agents).allMatch(a -> a == 0)) {
            Arrays.fill(agents, 1);
        }
        double share = rounds == 0 ? 0 : Math.min(0.95, sentBack / (double) rounds);
        return new FlowSample(days.size(), tasks.size(), work, Arrays.copyOf(review, reviewed), share, agents,
                throughput, 1, rounds / (double) agents.length, Forecast.Source.HISTORY);
    }

    /** A team file's figures instead of history: the same draws, from the durations it lists. */
    public static FlowSample ofTeam(TeamProfile team) {
        long[] work = team.workMillis();
        long perDay = Math.max(1, Math.round(team.agents() * DAY / (double) Math.max(1, mean(work))));
        return new FlowSample(0, work.length, work, team.reviewMillis(), team.reworkShare(), new int[]{team.agents()},
                new long[]{perDay}, team.reviewers(), 0, Forecast.Source.TEAM_FILE);
    }

    /** The refusal of a history with {@code finished} tasks. */
    public static InvalidInputException insufficient(int finished) {
        return new InvalidInputException(INSUFFICIENT, "The window holds " + finished + " finished tasks; a forecast "
                + "needs at least " + NEEDED + ". Widen the window (window=90d), wait for more work to finish, or "
                + "supply a team file.", new ErrorDetails.InsufficientHistory(finished, NEEDED));
    }

    /** The median of the agents active per day, at least 1: the agents a forecast assumes unless told. */
    public int typicalAgents() {
        int[] copy = agentsPerDay.clone();
        Arrays.sort(copy);
        return Math.max(1, copy[(copy.length - 1) / 2]);
    }

    private static long mean(long[] values) {
        long sum = 0;
        for (long v : values) {
            sum += v;
        }
        return values.length == 0 ? 0 : sum / values.length;
    }

    private static long[] sorted(long[] values) {
        long[] copy = values.clone();
        Arrays.sort(copy);
        return copy;
    }
}
