package dev.tasklane.simulator;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.domain.flow.FlowReport;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.id.TaskId;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A seed reproduces a run whatever the thread count: the same seed at 1, 2 and 4 threads gives the same simulated
 * time, the same counts, the same event log (by its digest), the same flow figures and the same history of every
 * task in the store.
 */
class SeedReplayTest {

    /** What a run did, everything but its wall and processor times and the claim calls' latencies. */
    private record Outcome(long simulatedMinutes, long steps, List<Long> counts, long logDigest, String blockedWait,
                           FlowReport flow, List<List<HistoryEntry>> histories) {
    }

    private static Outcome run(int threads, long seed) throws InterruptedException {
        SimulationConfig config = new SimulationConfig(16, 2, seed, 0.3, 0.3, 0.05, threads);
        Plan plan = new PlanGenerator(seed, 600, config.agents(), config.reviewShare()).generate(600);
        InMemoryStores stores = InMemoryStores.create();
        SimulationResult result = new Simulation(stores.tasks(), stores.directory(), stores.transactions())
                .run(config, plan, ProgressBar.off());
        assertTrue(result.passed(), ReportFormatter.text(result));
        Metrics m = result.metrics();
        List<List<HistoryEntry>> histories = new ArrayList<>();
        for (long id = 1; id <= result.tasks() + result.goals(); id++) {
            histories.add(stores.tasks().history(TaskId.of(id)));
        }
        return new Outcome(result.simulated().toMinutes(), result.steps(),
                List.of(m.transitions.sum(), m.claimAttempts.sum(), m.claims.sum(), m.claimConflicts.sum(), m.claimGiveUps.sum(),
                        m.abandoned.sum(), m.expiredBySweeper.sum(), m.lostLeases.sum(), m.tasksDone.sum(), m.reviews.sum(),
                        m.changesRequested.sum(), m.afterGoalsReported.sum(), (long) result.goalsCompleted()),
                result.logDigest(), result.blockedWait().toString(), result.flow(), histories);
    }

    @Test
    void theSameSeedGivesTheSameRunAtOneTwoAndFourThreads() throws InterruptedException {
        Outcome one = run(1, 1);
        assertTrue(one.counts().get(5) > 0, "the run abandoned claims, so lease expiries are part of what is compared");
        assertTrue(one.counts().get(10) > 0, "the run requested changes, so rework is part of what is compared");
        for (int threads : new int[] {2, 4}) {
            Outcome other = run(threads, 1);
            assertEquals(one.simulatedMinutes(), other.simulatedMinutes(), threads + " threads: simulated minutes");
            assertEquals(one.steps(), other.steps(), threads + " threads: steps");
            assertEquals(one.counts(), other.counts(), threads + " threads: counts");
            assertEquals(one.blockedWait(), other.blockedWait(), threads + " threads: blocked waits");
            assertEquals(one.logDigest(), other.logDigest(), threads + " threads: event log");
            assertEquals(one.flow(), other.flow(), threads + " threads: flow figures");
            for (int task = 0; task < one.histories().size(); task++) {
                assertEquals(one.histories().get(task), other.histories().get(task), threads + " threads: history of task id " + (task + 1));
            }
        }
    }

    @Test
    void theFastEngineReplaysTheSameSeedAtOneTwoAndFourThreads() throws InterruptedException {
        TeamConfig team = new TeamConfig("team", 16, 2, 0.3, 0.3, 0.05, TeamConfig.DEFAULT_WORK, TeamConfig.DEFAULT_REVIEW,
                0.2, TeamConfig.DEFAULT_ANSWER, null);
        SimulationResult one = fast(team, 1);
        assertTrue(one.metrics().questions.sum() > 0 && one.metrics().abandoned.sum() > 0, "questions and expiries are compared");
        for (int threads : new int[] {2, 4}) {
            SimulationResult other = fast(team, threads);
            assertEquals(one.events(), other.events(), threads + " threads: event log");
            assertEquals(EnginesAgreeTest.counts(one), EnginesAgreeTest.counts(other), threads + " threads: counts");
            assertEquals(one.awaitingInput(), other.awaitingInput(), threads + " threads: awaiting input");
            assertEquals(one.flow(), other.flow(), threads + " threads: flow figures");
        }
    }

    private static SimulationResult fast(TeamConfig team, int threads) throws InterruptedException {
        SimulationConfig config = new SimulationConfig(team, 1, threads, SimulationConfig.Engine.FAST);
        Plan plan = new PlanGenerator(1, 600, config.agents(), config.reviewShare()).generate(600);
        InMemoryStores stores = InMemoryStores.create();
        SimulationResult result = new Simulation(stores.tasks(), stores.directory(), stores.transactions())
                .run(config, plan, ProgressBar.off());
        assertTrue(result.passed(), ReportFormatter.text(result));
        return result;
    }

    @Test
    void anotherSeedGivesAnotherRun() throws InterruptedException {
        assertTrue(run(2, 1).logDigest() != run(2, 2).logDigest(), "the digest tells runs apart");
    }
}
