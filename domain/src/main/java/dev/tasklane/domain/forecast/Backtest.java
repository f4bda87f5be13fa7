package dev.tasklane.domain.forecast;

import dev.tasklane.domain.flow.TaskFlow.FlowEvent;
import dev.tasklane.domain.flow.TaskFlow.FlowEvent.Kind;
import dev.tasklane.domain.flow.FlowAgent;
import dev.tasklane.domain.flow.FlowMetrics;
import dev.tasklane.domain.flow.FlowReport;
import dev.tasklane.domain.flow.FlowSettings;
import dev.tasklane.domain.flow.FlowWindow;
import dev.tasklane.domain.flow.TaskTimeline;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Claim;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.task.ReviewStatus;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;

/**
 * The forecast's back-test on simulated histories with known rates (docs/forecasting.md, "Calibration"). Each trial
 * makes a board whose team is known (agents, log-normal work times, review answers, rework), plays its whole
 * history with a simulator of its own (not the forecast's engine), stops the clock at a past day, forecasts the
 * next tasks from the history up to then, and compares with what then happened. Over many trials, the share of
 * targets done by their p85 should be about 85 %, by their p50 about 50 %.
 */
public final class Backtest {
    private static final Instant ORIGIN = Instant.parse("2026-01-05T08:00:00Z");
    private static final long HOUR = 3_600_000L;

    private Backtest() {
    }

    /** The calibration of {@code trials} trials: the share of targets done by each percentile, and the figures used. */
    public record Calibration(int trials, double doneByP50, double doneByP85, double doneByP95, double throughputByP85,
                              long seed) {
    }

    /** Runs {@code trials} trials from {@code seed}, each forecast with {@code runs} runs. */
    public static Calibration run(long seed, int trials, int runs) {
        Random random = new Random(seed);
        int byP50 = 0;
        int byP85 = 0;
        int byP95 = 0;
        int throughputByP85 = 0;
        for (int trial = 0; trial < trials; trial++) {
            Trial outcome = trial(new Random(random.nextLong()), runs);
            byP50 += outcome.actual <= outcome.p50 ? 1 : 0;
            byP85 += outcome.actual <= outcome.p85 ? 1 : 0;
            byP95 += outcome.actual <= outcome.p95 ? 1 : 0;
            throughputByP85 += outcome.actual <= outcome.throughputP85 ? 1 : 0;
        }
        return new Calibration(trials, byP50 / (double) trials, byP85 / (double) trials, byP95 / (double) trials,
                throughputByP85 / (double) trials, seed);
    }

    private record Trial(long actual, long p50, long p85, long p95, long throughputP85) {
    }

    /** One world: a team, 160 tasks worked in order, the clock stopped after 60 are done, the next 20 forecast. */
    private static Trial trial(Random random, int runs) {
        int agents = 2 + random.nextInt(5);
        double medianHours = 1 + random.nextDouble() * 5;
        double sigma = 0.3 + random.nextDouble() * 0.6;
        double reviewShare = random.nextDouble();
        double reviewHours = 0.2 + random.nextDouble() * 2;
        double rework = random.nextDouble() * 0.3;
        World world = new World(random, agents, medianHours, sigma, reviewShare, reviewHours, rework, 160);
        world.play();
        long cut = world.doneAt(60);
        Instant now = ORIGIN.plusMillis(cut);
        List<TaskTimeline> history = world.timelines(cut);
        FlowReport report = FlowMetrics.fromTimelines(history, FlowWindow.lastDays(30, now, ZoneOffset.UTC), now,
                FlowSettings.defaults(), null);
        FlowSample sample = FlowSample.fromReport(report);
        List<Task> open = new ArrayList<>();
        Set<TaskIdentifier> target = new HashSet<>();
        long last = 0;
        for (int i = 0; i < world.size && target.size() < 20; i++) {
            if (world.done[i] > cut) {
                Task task = world.task(i, cut);
                open.add(task);
                target.add(task.identifier());
                last = Math.max(last, world.done[i]);
            }
        }
        ForecastPlan plan = ForecastPlan.of(open, target, id -> true, null, now);
        ForecastSettings settings = new ForecastSettings(now, now.plus(Duration.ofDays(30)), runs, null, null,
                random.nextLong(), ForecastSettings.DEFAULT_THRESHOLD);
        Forecast forecast = ForecastEngine.forecast(plan, sample, settings);
        return new Trial(last - cut, millis(forecast.p50(), now), millis(forecast.p85(), now),
                millis(forecast.p95(), now), millis(forecast.alternative().p85(), now));
    }

    private static long millis(Instant at, Instant now) {
        return at == null ? Long.MAX_VALUE : Duration.between(now, at).toMillis();
    }

    /** A board's whole history, played by its own simple rules: tasks in order, one reviewer, rework. */
    private static final class World {
        final Random random;
        final int agents;
        final double mu;
        final double sigma;
        final double reviewShare;
        final double reviewMean;
        final double rework;
        final int size;
        final boolean[] review;
        final long[] done;
        final List<List<FlowEvent>> events = new ArrayList<>();
        final long[] columnSince;
        final int[] columnAt;
        final List<List<long[]>> moves = new ArrayList<>();

        World(Random random, int agents, double medianHours, double sigma, double reviewShare, double reviewHours,
              double rework, int size) {
            this.random = random;
            this.agents = agents;
            this.mu = Math.log(medianHours * HOUR);
            this.sigma = sigma;
            this.reviewShare = reviewShare;
            this.reviewMean = reviewHours * HOUR;
            this.rework = rework;
            this.size = size;
            this.review = new boolean[size];
            this.done = new long[size];
            this.columnSince = new long[size];
            this.columnAt = new int[size];
            for (int i = 0; i < size; i++) {
                review[i] = random.nextDouble() < reviewShare;
                events.add(new ArrayList<>());
                moves.add(new ArrayList<>());
                events.get(i).add(FlowEvent.of(ORIGIN, Kind.CREATED, null));
            }
        }

        private long work() {
            return Math.max(60_000L, (long) Math.exp(mu + sigma * random.nextGaussian()));
        }

        private long answer() {
            return (long) (-Math.log(1 - random.nextDouble()) * reviewMean);
        }

        private void event(int task, long at, Kind kind, FlowAgent agent, ReviewStatus decision) {
            events.get(task).add(new FlowEvent(ORIGIN.plusMillis(at), kind, agent, decision));
            moves.get(task).add(new long[]{at, kind.ordinal()});
        }

        /** Agents take tasks in order (rework first); one reviewer answers reviews in order. */
        void play() {
            PriorityQueue<long[]> agentFree = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
            for (int a = 0; a < agents; a++) {
                agentFree.add(new long[]{0, a});
            }
            // the events in time order: [at, task, kind] with kind 0 = pass done, 1 = review answered
            PriorityQueue<long[]> pending = new PriorityQueue<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
                    : Long.compare(a[1], b[1]));
            List<Integer> reworkQueue = new ArrayList<>();
            long reviewerFree = 0;
            int next = 0;
            int finished = 0;
            long now = 0;
            while (finished < size) {
                while (!agentFree.isEmpty() && agentFree.peek()[0] <= now && (!reworkQueue.isEmpty() || next < size)) {
                    long[] agent = agentFree.poll();
                    FlowAgent who = new FlowAgent(UserId.of(1), "agent-" + agent[1]);
                    int task = reworkQueue.isEmpty() ? next++ : reworkQueue.remove(0);
                    if (events.get(task).size() == 1) {
                        event(task, now, Kind.CLAIMED, who, null);
                    }
                    pending.add(new long[]{now + work(), task, 0, agent[1]});
                }
                long[] step = pending.poll();
                now = step[0];
                int task = (int) step[1];
                FlowAgent who = new FlowAgent(UserId.of(1), "agent-" + step[3]);
                if (step[2] == 0) {
                    agentFree.add(new long[]{now, step[3]});
                    if (review[task]) {
                        event(task, now, Kind.TO_REVIEW, who, null);
                        reviewerFree = Math.max(reviewerFree, now) + answer();
                        pending.add(new long[]{reviewerFree, task, 1, step[3]});
                    } else {
                        event(task, now, Kind.DONE, who, null);
                        done[task] = now;
                        finished++;
                    }
                } else if (random.nextDouble() < rework) {
                    event(task, now, Kind.SENT_BACK, who, null);
                    reworkQueue.add(task);
                } else {
                    event(task, now, Kind.DECIDED, null, ReviewStatus.APPROVED);
                    event(task, now, Kind.DONE, null, null);
                    done[task] = now;
                    finished++;
                }
                if (pending.isEmpty() && agentFree.peek()[0] > now) {
                    now = agentFree.peek()[0];
                }
            }
        }

        /** When the {@code count}-th task reached Done. */
        long doneAt(int count) {
            long[] sorted = done.clone();
            java.util.Arrays.sort(sorted);
            return sorted[count - 1];
        }

        /** Every task's history up to {@code cut}. */
        List<TaskTimeline> timelines(long cut) {
            List<TaskTimeline> timelines = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                List<FlowEvent> upTo = new ArrayList<>();
                for (FlowEvent event : events.get(i)) {
                    if (!event.at().isAfter(ORIGIN.plusMillis(cut))) {
                        upTo.add(event);
                    }
                }
                timelines.add(new TaskTimeline("W" + (i + 1), TaskType.WORK, upTo));
            }
            return timelines;
        }

        /** Task {@code i} as the board held it at {@code cut}: its column, since when, its claim. */
        Task task(int i, long cut) {
            Status status = Status.OPEN;
            long since = 0;
            for (long[] move : moves.get(i)) {
                if (move[0] > cut) {
                    break;
                }
                Kind kind = Kind.values()[(int) move[1]];
                if (kind == Kind.CLAIMED || kind == Kind.SENT_BACK) {
                    status = Status.IN_PROGRESS;
                    since = move[0];
                } else if (kind == Kind.TO_REVIEW) {
                    status = Status.REVIEW;
                    since = move[0];
                }
            }
            TaskSpec spec = TaskSpec.builder("Task " + (i + 1), TaskType.WORK, Priority.MEDIUM).needsReview(review[i])
                    .build();
            Instant at = ORIGIN.plusMillis(since);
            Task task = Task.create(BoardId.of(1), new TaskIdentifier(TaskType.WORK, i + 1), null, i + 1, spec, null,
                    null, null, at);
            Task.Builder builder = task.toBuilder().id(TaskId.of(i + 1)).status(status);
            if (status == Status.IN_PROGRESS) {
                builder.claim(new Claim("agent", at, at.plus(Duration.ofHours(1)), "token", null));
            }
            return builder.build();
        }
    }
}
