package dev.tasklane.domain.forecast;

import dev.tasklane.domain.flow.FlowMetrics;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The Monte Carlo forecast (docs/forecasting.md, "The simulation"): each run plays the plan's tasks through the
 * board's rules, as {@code next} and {@code claim} apply them, with durations drawn from the history. A free
 * agent takes the first task in the queue order ({@link dev.tasklane.domain.selection.TaskOrder#NEXT}) that is
 * claimable: not reserved for a person, every dependency finished, none of its key files held by a task in
 * Doing or Review, and room in Doing under the WIP limit. A finished pass goes to Review when the task needs one;
 * a reviewer answers each round in a drawn time, and a round sends the task back to Doing with the history's
 * rework share. Tasks reserved for a person are answered by the reviewers. The number of agents is drawn for
 * each day (or fixed by the what-if); reviewers are fixed.
 *
 * <p>A run allocates nothing per step: its state is a handful of {@code int} and {@code long} arrays made once
 * per thread, its random numbers a SplitMix64 sequence seeded from the forecast's seed and the run's number, so a
 * seed gives the same forecast whatever the number of threads. {@code ForecastEngineRulesTest} checks each claim
 * of a run against the domain's selection rules over the same tasks.
 */
public final class ForecastEngine {
    /** How far a run looks ahead; a run not done by then counts as not done at all. */
    public static final Duration HORIZON = Duration.ofDays(3_660);
    /** The most buckets of the distribution. */
    public static final int MAX_BUCKETS = 60;
    static final long DAY = 86_400_000L;
    static final long NEVER = HORIZON.toMillis();
    private static final long[] BUCKETS = {60_000L, 300_000L, 900_000L, 3_600_000L, 3 * 3_600_000L, 6 * 3_600_000L,
            12 * 3_600_000L, DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY, 91 * DAY, 365 * DAY};

    private ForecastEngine() {
    }

    /** The forecast of {@code plan}, by simulation, with the throughput-sampling forecast as its alternative. */
    public static Forecast forecast(ForecastPlan plan, FlowSample sample, ForecastSettings settings) {
        long[] simulated = simulate(plan, sample, settings, null);
        long[] sampled = ThroughputForecast.completions(plan.countedTasks(), sample, settings);
        int agents = settings.agents() != null ? settings.agents() : sample.typicalAgents();
        int reviewers = settings.reviewers() != null ? settings.reviewers() : sample.reviewers();
        Forecast.BasedOn basedOn = new Forecast.BasedOn(sample.windowDays(), sample.tasksSampled(), agents, reviewers,
                plan.countedTasks(), plan.size(), sample.reworkShare(), sample.source(), settings.seed());
        Forecast alternative = summary(sampled, settings, Forecast.Method.THROUGHPUT_SAMPLING, basedOn, null);
        return summary(simulated, settings, Forecast.Method.MONTE_CARLO_SIMULATION, basedOn, alternative);
    }

    /** Each run's completion, in milliseconds after {@code settings.now()} ({@link #NEVER} past the horizon). */
    static long[] simulate(ForecastPlan plan, FlowSample sample, ForecastSettings settings, Steps steps) {
        int runs = settings.runs();
        long[] completions = new long[runs];
        int threads = steps != null ? 1 : Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(),
                (int) Math.min(8, (long) runs * plan.size() / 20_000 + 1)));
        int chunk = (runs + threads - 1) / threads;
        IntStream.range(0, threads).parallel().forEach(part -> {
            Run run = new Run(plan, sample, settings, steps);
            for (int i = part * chunk; i < Math.min(runs, (part + 1) * chunk); i++) {
                completions[i] = run.play(settings.seed(), i);
            }
        });
        return completions;
    }

    /** The forecast of a set of run completions. */
    static Forecast summary(long[] completions, ForecastSettings settings, Forecast.Method method, Forecast.BasedOn basedOn,
                            Forecast alternative) {
        long[] sorted = completions.clone();
        Arrays.sort(sorted);
        long dueMillis = Duration.between(settings.now(), settings.due()).toMillis();
        int byDue = 0;
        for (long completion : sorted) {
            if (completion < NEVER && completion <= dueMillis) {
                byDue++;
            }
        }
        double probability = sorted.length == 0 ? 0 : byDue / (double) sorted.length;
        return new Forecast(at(sorted, 50, settings.now()), at(sorted, 85, settings.now()), at(sorted, 95, settings.now()),
                settings.due(), probability, settings.threshold(), probability < settings.threshold(), sorted.length,
                method, basedOn,
                distribution(sorted, settings.now()), alternative);
    }

    /** The nearest-rank percentile, as the flow figures take it; null past the horizon. */
    private static Instant at(long[] sorted, int p, Instant now) {
        Duration value = FlowMetrics.percentile(sorted.clone(), p);
        return value == null || value.toMillis() >= NEVER ? null : now.plus(value);
    }

    /** The share of runs finished in each bucket, buckets as wide as the spread of the runs asks for. */
    private static List<Forecast.Share> distribution(long[] sorted, Instant now) {
        List<Forecast.Share> shares = new ArrayList<>();
        int finished = 0;
        while (finished < sorted.length && sorted[finished] < NEVER) {
            finished++;
        }
        if (finished == 0) {
            return shares;
        }
        long low = sorted[0];
        long high = sorted[finished - 1];
        long width = BUCKETS[BUCKETS.length - 1];
        for (long candidate : BUCKETS) {
            if ((high - low) / candidate < MAX_BUCKETS - 1) {
                width = candidate;
                break;
            }
        }
        long bucketEnd = (low / width + 1) * width;
        int count = 0;
        for (int i = 0; i < finished; i++) {
            while (sorted[i] >= bucketEnd) {
                shares.add(new Forecast.Share(now.plusMillis(bucketEnd), count / (double) sorted.length));
                count = 0;
                bucketEnd += width;
            }
            count++;
        }
        shares.add(new Forecast.Share(now.plusMillis(bucketEnd), count / (double) sorted.length));
        return shares;
    }

    /** What a test sees of a run: each claim, before it is made. */
    interface Steps {
        void claiming(int task, long at, Run run);
    }

    /** One thread's run state, reused from run to run. */
    static final class Run {
        private static final int WORK_DONE = 0;
        private static final int REVIEW_DONE = 1;
        private static final int NEW_DAY = 2;

        final ForecastPlan plan;
        private final FlowSample sample;
        private final Steps steps;
        private final Integer fixedAgents;
        private final int reviewers;
        final int[] state;
        final int[] waitingFor;
        final int[] fileHolds;
        private final boolean[] started;
        private final long[] reviewElapsed;
        /** Ring buffers: a task is in each at most once, so {@code size + 1} slots never overflow. */
        private final int[] reviewQueue;
        private final int[] reworkQueue;
        private final long[] heapTime;
        private final int[] heapCode;
        private int heapSize;
        private int reviewHead;
        private int reviewTail;
        private int reworkHead;
        private int reworkTail;
        int doing;
        private int busyAgents;
        private int busyReviewers;
        private int agentsToday;
        private int doneCounted;
        private int scanFrom;
        private long random;

        Run(ForecastPlan plan, FlowSample sample, ForecastSettings settings, Steps steps) {
            this.plan = plan;
            this.sample = sample;
            this.steps = steps;
            this.fixedAgents = settings.agents();
            this.reviewers = settings.reviewers() != null ? settings.reviewers() : sample.reviewers();
            int n = plan.size;
            state = new int[n];
            waitingFor = new int[n];
            fileHolds = new int[plan.fileCount];
            started = new boolean[n];
            reviewElapsed = new long[n];
            reviewQueue = new int[n + 1];
            reworkQueue = new int[n + 1];
            heapTime = new long[n + 2];
            heapCode = new int[n + 2];
        }

        /** Plays run {@code index}: the milliseconds until the last counted task is done, or {@link #NEVER}. */
        long play(long seed, int index) {
            random = seed ^ (SplitMix.GOLDEN * (index + 1L));
            reset();
            if (doneCounted == plan.countedTasks) {
                return 0;
            }
            agentsToday = drawAgents();
            push(DAY, NEW_DAY);
            dispatch(0);
            while (heapSize > 0) {
                long at = heapTime[0];
                int code = heapCode[0];
                pop();
                if (at >= NEVER) {
                    return NEVER;
                }
                int task = code >>> 2;
                switch (code & 3) {
                    case WORK_DONE -> {
                        busyAgents--;
                        doing--;
                        if (plan.needsReview[task]) {
                            state[task] = ForecastPlan.REVIEW;
                            enqueueReview(task, 0);
                        } else {
                            finish(task);
                        }
                    }
                    case REVIEW_DONE -> {
                        busyReviewers--;
                        if (!plan.human[task] && nextDouble() < sample.reworkShare()) {
                            state[task] = ForecastPlan.DOING;
                            doing++;
                            reworkQueue[reworkTail] = task;
                            reworkTail = (reworkTail + 1) % reworkQueue.length;
                        } else {
                            finish(task);
                        }
                    }
                    default -> {
                        agentsToday = drawAgents();
                        push(at + DAY, NEW_DAY);
                    }
                }
                if (doneCounted == plan.countedTasks) {
                    return at;
                }
                boolean moved = dispatch(at);
                if (!moved && busyAgents == 0 && busyReviewers == 0 && reviewHead == reviewTail
                        && reworkHead == reworkTail && agentsToday > 0) {
                    return NEVER;
                }
            }
            return NEVER;
        }

        private void reset() {
            ForecastPlan p = plan;
            heapSize = 0;
            reviewHead = reviewTail = reworkHead = reworkTail = 0;
            doing = busyAgents = busyReviewers = doneCounted = scanFrom = 0;
            Arrays.fill(fileHolds, 0);
            System.arraycopy(p.dependencyCount, 0, waitingFor, 0, p.size);
            System.arraycopy(p.initialState, 0, state, 0, p.size);
            for (int t = 0; t < p.size; t++) {
                started[t] = state[t] != ForecastPlan.READY;
                reviewElapsed[t] = 0;
                if (state[t] == ForecastPlan.DOING || state[t] == ForecastPlan.REVIEW) {
                    hold(t, 1);
                }
            }
            for (int t = 0; t < p.size; t++) {
                if (state[t] == ForecastPlan.DOING) {
                    doing++;
                    busyAgents++;
                    push(draw(sample.workMillis(), p.elapsedMillis[t]), t << 2 | WORK_DONE);
                } else if (state[t] == ForecastPlan.REVIEW) {
                    enqueueReview(t, p.elapsedMillis[t]);
                } else if (p.human[t] && waitingFor[t] == 0) {
                    started[t] = true;
                    enqueueReview(t, 0);
                }
            }
        }

        private boolean dispatch(long at) {
            boolean moved = false;
            while (busyReviewers < reviewers && reviewHead != reviewTail) {
                int task = reviewQueue[reviewHead];
                reviewHead = (reviewHead + 1) % reviewQueue.length;
                busyReviewers++;
                long elapsed = reviewElapsed[task];
                reviewElapsed[task] = 0;
                push(at + draw(sample.reviewMillis(), elapsed), task << 2 | REVIEW_DONE);
                moved = true;
            }
            while (busyAgents < agentsToday) {
                int task;
                if (reworkHead != reworkTail) {
                    task = reworkQueue[reworkHead];
                    reworkHead = (reworkHead + 1) % reworkQueue.length;
                } else {
                    task = next();
                    if (task < 0) {
                        break;
                    }
                    if (steps != null) {
                        steps.claiming(task, at, this);
                    }
                    started[task] = true;
                    state[task] = ForecastPlan.DOING;
                    doing++;
                    hold(task, 1);
                }
                busyAgents++;
                push(at + draw(sample.workMillis(), 0), task << 2 | WORK_DONE);
                moved = true;
            }
            return moved;
        }

        /** The first claimable task in queue order, or -1. */
        private int next() {
            ForecastPlan p = plan;
            if (p.wipLimit != null && doing >= p.wipLimit) {
                return -1;
            }
            while (scanFrom < p.size && started[p.order[scanFrom]]) {
                scanFrom++;
            }
            for (int i = scanFrom; i < p.size; i++) {
                int task = p.order[i];
                if (started[task] || p.human[task] || waitingFor[task] > 0) {
                    continue;
                }
                boolean free = true;
                for (int f = p.filesStart[task]; f < p.filesStart[task + 1] && free; f++) {
                    free = fileHolds[p.files[f]] == 0;
                }
                if (free) {
                    return task;
                }
            }
            return -1;
        }

        private void finish(int task) {
            ForecastPlan p = plan;
            state[task] = ForecastPlan.DONE;
            if (!p.human[task]) {
                hold(task, -1);
            }
            if (p.counted[task]) {
                doneCounted++;
            }
            for (int d = p.dependentsStart[task]; d < p.dependentsStart[task + 1]; d++) {
                int dependent = p.dependents[d];
                if (--waitingFor[dependent] == 0 && p.human[dependent] && !started[dependent]) {
                    started[dependent] = true;
                    enqueueReview(dependent, 0);
                }
            }
        }

        private void hold(int task, int delta) {
            for (int f = plan.filesStart[task]; f < plan.filesStart[task + 1]; f++) {
                fileHolds[plan.files[f]] += delta;
            }
        }

        private void enqueueReview(int task, long elapsed) {
            reviewElapsed[task] = elapsed;
            reviewQueue[reviewTail] = task;
            reviewTail = (reviewTail + 1) % reviewQueue.length;
        }

        private int drawAgents() {
            if (fixedAgents != null) {
                return fixedAgents;
            }
            int[] days = sample.agentsPerDay();
            return days[below(days.length)];
        }

        /**
         * A drawn duration; for a task already {@code elapsed} into it, drawn among the longer ones and less what
         * has passed (a fresh draw when none is longer).
         */
        private long draw(long[] sortedValues, long elapsed) {
            int n = sortedValues.length;
            if (n == 0) {
                return 0;
            }
            if (elapsed > 0) {
                int from = upperBound(sortedValues, elapsed);
                if (from < n) {
                    return sortedValues[from + below(n - from)] - elapsed;
                }
            }
            return sortedValues[below(n)];
        }

        private static int upperBound(long[] sortedValues, long value) {
            int low = 0;
            int high = sortedValues.length;
            while (low < high) {
                int mid = (low + high) >>> 1;
                if (sortedValues[mid] <= value) {
                    low = mid + 1;
                } else {
                    high = mid;
                }
            }
            return low;
        }

        private long nextLong() {
            random += SplitMix.GOLDEN;
            return SplitMix.mix(random);
        }

        private int below(int bound) {
            return SplitMix.below(nextLong(), bound);
        }

        private double nextDouble() {
            return (nextLong() >>> 11) * 0x1.0p-53;
        }

        private void push(long at, int code) {
            int i = heapSize++;
            while (i > 0) {
                int parent = (i - 1) >>> 1;
                if (!before(at, code, heapTime[parent], heapCode[parent])) {
                    break;
                }
                heapTime[i] = heapTime[parent];
                heapCode[i] = heapCode[parent];
                i = parent;
            }
            heapTime[i] = at;
            heapCode[i] = code;
        }

        private void pop() {
            long at = heapTime[--heapSize];
            int code = heapCode[heapSize];
            int i = 0;
            while (true) {
                int child = 2 * i + 1;
                if (child >= heapSize) {
                    break;
                }
                if (child + 1 < heapSize && before(heapTime[child + 1], heapCode[child + 1], heapTime[child], heapCode[child])) {
                    child++;
                }
                if (!before(heapTime[child], heapCode[child], at, code)) {
                    break;
                }
                heapTime[i] = heapTime[child];
                heapCode[i] = heapCode[child];
                i = child;
            }
            heapTime[i] = at;
            heapCode[i] = code;
        }

        /** Earlier first; at the same instant by code, so that the order of events never depends on the heap. */
        private static boolean before(long at, int code, long otherAt, int otherCode) {
            return at < otherAt || (at == otherAt && code < otherCode);
        }
    }
}
