package dev.tasklane.domain.forecast;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.flow.TaskFlow.FlowEvent;
import dev.tasklane.domain.flow.TaskFlow.FlowEvent.Kind;
import dev.tasklane.domain.flow.FlowAgent;
import dev.tasklane.domain.flow.FlowMetrics;
import dev.tasklane.domain.flow.FlowReport;
import dev.tasklane.domain.flow.FlowSettings;
import dev.tasklane.domain.flow.FlowWindow;
import dev.tasklane.domain.flow.TaskTimeline;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.testing.TaskFixtures;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

import static dev.tasklane.domain.forecast.Samples.HOUR;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The forecast's figures on plans whose answer is known, its seed, its what-if and its refusal of thin history. */
class ForecastEngineTest {
    private static final Instant NOW = TaskFixtures.NOW;

    private static List<Task> independent(int count) {
        List<Task> tasks = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            tasks.add(TaskFixtures.task("W" + i).id(i).position(i).build());
        }
        return tasks;
    }

    private static Set<TaskIdentifier> all(List<Task> tasks) {
        return tasks.stream().map(Task::identifier).collect(Collectors.toSet());
    }

    private static Forecast forecast(List<Task> tasks, Integer wip, FlowSample sample, Integer agents, Integer reviewers) {
        ForecastPlan plan = ForecastPlan.of(tasks, all(tasks), id -> false, wip, NOW);
        return ForecastEngine.forecast(plan, sample, ForecastSettings.defaults(NOW, NOW.plus(Duration.ofDays(7)))
                .withWhatIf(200, agents, reviewers));
    }

    @Test
    void independentTasksTakeTheirShareOfTheAgents() {
        Forecast forecast = forecast(independent(9), null, Samples.constant(HOUR, 0, 3), null, null);
        assertEquals(NOW.plusMillis(3 * HOUR), forecast.p50());
        assertEquals(NOW.plusMillis(3 * HOUR), forecast.p95());
        assertEquals(1.0, forecast.probabilityByDue());
        assertFalse(forecast.atRisk());
        assertEquals(Forecast.Method.MONTE_CARLO_SIMULATION, forecast.method());
        assertEquals(Forecast.Method.THROUGHPUT_SAMPLING, forecast.alternative().method());
        assertEquals(9, forecast.basedOn().openTasks());
    }

    @Test
    void aChainOfDependenciesRunsOneAfterAnotherWhateverTheAgents() {
        List<Task> tasks = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            TaskFixtures.TaskBuilder task = TaskFixtures.task("W" + i).id(i).position(6 - i);
            tasks.add(i == 1 ? task.build() : task.dependsOn("W" + (i - 1)).build());
        }
        assertEquals(NOW.plusMillis(5 * HOUR), forecast(tasks, null, Samples.constant(HOUR, 0, 4), null, null).p85());
    }

    @Test
    void aSharedKeyFileAndAWipLimitOfOneSerialiseTheWork() {
        List<Task> shared = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            shared.add(TaskFixtures.task("W" + i).id(i).keyFiles("lib/core.java").build());
        }
        assertEquals(NOW.plusMillis(4 * HOUR), forecast(shared, null, Samples.constant(HOUR, 0, 4), null, null).p50());
        assertEquals(NOW.plusMillis(4 * HOUR), forecast(independent(4), 1, Samples.constant(HOUR, 0, 4), null, null).p50());
    }

    @Test
    void reviewsQueueForTheReviewersAndTheWhatIfMovesTheDate() {
        List<Task> tasks = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            tasks.add(TaskFixtures.task("W" + i).id(i).needsReview().build());
        }
        FlowSample sample = Samples.constant(HOUR, 2 * HOUR, 4);
        // four passes end together at 1 h; one reviewer answers each in 2 h: the last at 9 h, two reviewers at 5 h
        assertEquals(NOW.plusMillis(9 * HOUR), forecast(tasks, null, sample, null, null).p50());
        assertEquals(NOW.plusMillis(5 * HOUR), forecast(tasks, null, sample, null, 2).p50());
        assertEquals(2, forecast(tasks, null, sample, null, 2).basedOn().reviewers());
        assertEquals(NOW.plusMillis(2 * HOUR), forecast(independent(4), null, Samples.constant(HOUR, 0, 4), 2, null).p50(),
                "two agents instead of four");
    }

    @Test
    void aTaskAlreadyUnderWayIsDrawnAmongTheLongerDurations() {
        Task doing = TaskFixtures.task("W1").id(1).claimedBy(TaskFixtures.ALICE, "ada",
                NOW.minusMillis(2 * HOUR), "tok", null).build();
        FlowSample sample = new FlowSample(30, 20, new long[]{HOUR, 3 * HOUR}, new long[0], 0, new int[]{1},
                new long[]{1}, 1, 0, Forecast.Source.HISTORY);
        Forecast forecast = forecast(List.of(doing), null, sample, null, null);
        assertEquals(NOW.plusMillis(HOUR), forecast.p95(), "only the 3 h draw is longer than the 2 h already spent");
    }

    @Test
    void aDependencyNothingWillFinishIsNeverDone() {
        Task blocked = TaskFixtures.task("W2").id(2).dependsOn("W1").build();
        Forecast forecast = forecast(List.of(blocked), null, Samples.constant(HOUR, 0, 2), null, null);
        assertNull(forecast.p50());
        assertEquals(0.0, forecast.probabilityByDue());
        assertTrue(forecast.atRisk());
        assertTrue(forecast.distribution().isEmpty());
    }

    @Test
    void aSeedGivesTheSameForecastWhateverTheThreadsAndAnotherSeedAnother() {
        Random random = new Random(7);
        List<Task> tasks = ForecastEngineRulesTest.generate(random, 120);
        FlowSample sample = Samples.uniform(random);
        ForecastPlan plan = ForecastPlan.of(tasks, all(tasks), id -> false, null, NOW);
        ForecastSettings settings = ForecastSettings.defaults(NOW, NOW.plus(Duration.ofDays(20)));
        long[] parallel = ForecastEngine.simulate(plan, sample, settings, null);
        long[] serial = ForecastEngine.simulate(plan, sample, settings, (task, at, run) -> { });
        assertArrayEquals(serial, parallel);
        ForecastSettings other = new ForecastSettings(NOW, settings.due(), settings.runs(), null, null, 99, 0.85);
        assertFalse(java.util.Arrays.equals(parallel, ForecastEngine.simulate(plan, sample, other, null)));
        double shares = ForecastEngine.forecast(plan, sample, settings).distribution().stream()
                .mapToDouble(Forecast.Share::share).sum();
        assertEquals(1.0, shares, 1e-9, "every run finished: the shares add up to all of them");
    }

    @Test
    void aHistoryOfFewerThanTenFinishedTasksIsRefusedNamingWhatIsMissing() {
        InvalidInputException refused = assertThrows(InvalidInputException.class,
                () -> FlowSample.fromReport(report(9)));
        assertEquals(FlowSample.INSUFFICIENT, refused.code());
        assertEquals(new ErrorDetails.InsufficientHistory(9, 10), refused.details());
        FlowSample sample = FlowSample.fromReport(report(12));
        assertEquals(12, sample.tasksSampled());
        assertEquals(2 * HOUR, sample.workMillis()[0], "cycle time less review wait");
        assertEquals(HOUR / 2, sample.reviewMillis()[0], "the review wait shared over its two rounds");
        assertEquals(0.5, sample.reworkShare(), "one round of two sent back");
        assertEquals(1, sample.typicalAgents());
    }

    /** {@code finished} tasks, each claimed, in Review 30 min, sent back, in Review 30 min more, then Done. */
    private static FlowReport report(int finished) {
        FlowAgent ada = new FlowAgent(UserId.of(1), "ada");
        Instant start = Instant.parse("2026-01-10T08:00:00Z");
        List<TaskTimeline> timelines = new ArrayList<>();
        for (int i = 0; i < finished; i++) {
            Instant t = start.plusSeconds(i * 60L);
            timelines.add(new TaskTimeline("W" + (i + 1), TaskType.WORK, List.of(
                    FlowEvent.of(t, Kind.CREATED, null),
                    FlowEvent.of(t.plusMillis(HOUR), Kind.CLAIMED, ada),
                    FlowEvent.of(t.plusMillis(3 * HOUR), Kind.TO_REVIEW, ada),
                    FlowEvent.of(t.plusMillis(7 * HOUR / 2), Kind.SENT_BACK, null),
                    FlowEvent.of(t.plusMillis(11 * HOUR / 2), Kind.TO_REVIEW, ada),
                    FlowEvent.of(t.plusMillis(6 * HOUR), Kind.DONE, null))));
        }
        Instant now = Instant.parse("2026-01-12T00:00:00Z");
        return FlowMetrics.fromTimelines(timelines, FlowWindow.lastDays(30, now, ZoneOffset.UTC), now,
                FlowSettings.defaults(), null);
    }

    @Test
    void fiveHundredTasksTimesAThousandRunsFitTheBudget() {
        Random random = new Random(500);
        List<Task> tasks = ForecastEngineRulesTest.generate(random, 500);
        ForecastPlan plan = ForecastPlan.of(tasks, all(tasks), id -> false, 20, NOW);
        FlowSample sample = Samples.uniform(random);
        ForecastSettings settings = ForecastSettings.defaults(NOW, NOW.plus(Duration.ofDays(60)));
        ForecastEngine.forecast(plan, sample, settings);
        long started = System.nanoTime();
        Forecast forecast = ForecastEngine.forecast(plan, sample, settings);
        double seconds = (System.nanoTime() - started) / 1e9;
        System.out.printf("forecast of 500 tasks x 1000 runs: %.3f s, p85 %s%n", seconds, forecast.p85());
        assertTrue(seconds < 6, "a generous bound on a shared machine; bench/run.sh holds the 2 s figure: " + seconds);
    }
}
