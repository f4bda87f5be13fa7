package dev.tasklane.simulator;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fast engine ({@link FastBoard}) answers as the use cases over the in-memory store do ({@link UseCaseBoard}):
 * on small generated plans and teams drawn from a printed seed, both engines run the same seed and give the same
 * event log, event by event (every claim in order, every completion, review, question and answer at the same
 * simulated instant), the same counts, the same waits, the same flow figures and the same goals done.
 */
class EnginesAgreeTest {
    private static final int PLANS = 4;

    @Test
    void bothEnginesGiveTheSameRunOnGeneratedPlans() throws InterruptedException {
        long seed = System.nanoTime();
        System.out.println("EnginesAgreeTest seed " + seed);
        Random random = new Random(seed);
        for (int plan = 0; plan < PLANS; plan++) {
            int agents = 1 + random.nextInt(12);
            Integer wip = plan % 3 == 2 ? 1 + random.nextInt(agents) : null;
            TeamConfig team = new TeamConfig("team", agents, 1 + random.nextInt(3), random.nextDouble() * 0.5,
                    random.nextDouble() * 0.5, random.nextDouble() * 0.1, new Distribution.Uniform(10, 10 + random.nextInt(120)),
                    new Distribution.Uniform(10, 40), plan % 2 == 0 ? 0 : random.nextDouble() * 0.4,
                    new Distribution.Uniform(10, 10 + random.nextInt(300)), wip);
            int tasks = 40 + random.nextInt(160);
            long runSeed = random.nextLong();
            String what = "seed " + seed + ", plan " + plan + " (" + tasks + " tasks, " + team + ", run seed " + runSeed + ")";
            SimulationResult full = run(new SimulationConfig(team, runSeed, 2, SimulationConfig.Engine.USE_CASES), tasks);
            SimulationResult fast = run(new SimulationConfig(team, runSeed, 2, SimulationConfig.Engine.FAST), tasks);
            assertSame(full, fast, what);
        }
    }

    @Test
    void bothEnginesAgreeWhereAWipLimitMakesAgentsStepOverEachOthersOffers() throws InterruptedException {
        // a WIP limit below the team refuses claims, so that next's offers decide who is handed which task
        TeamConfig team = new TeamConfig("team", 12, 2, 0.3, 0.3, 0.05, new Distribution.Uniform(10, 90),
                new Distribution.Uniform(10, 30), 0.2, new Distribution.Uniform(10, 200), 3);
        SimulationResult full = run(new SimulationConfig(team, 7, 2, SimulationConfig.Engine.USE_CASES), 200);
        SimulationResult fast = run(new SimulationConfig(team, 7, 2, SimulationConfig.Engine.FAST), 200);
        assertTrue(full.metrics().claimConflicts.sum() > 0, "the WIP limit refused claims");
        assertTrue(full.metrics().questions.sum() > 0, "agents asked questions");
        assertSame(full, fast, "WIP limit 3 for 12 agents");
    }

    private static void assertSame(SimulationResult full, SimulationResult fast, String what) {
        assertTrue(full.passed(), what + ": " + ReportFormatter.text(full));
        assertTrue(fast.passed(), what + ": " + ReportFormatter.text(fast));
        List<LogEvent> fullEvents = full.events();
        List<LogEvent> fastEvents = fast.events();
        for (int i = 0; i < Math.min(fullEvents.size(), fastEvents.size()); i++) {
            assertEquals(fullEvents.get(i), fastEvents.get(i), what + ": event " + i + " of the log");
        }
        assertEquals(fullEvents.size(), fastEvents.size(), what + ": events in the log");
        assertEquals(full.logDigest(), fast.logDigest(), what + ": digest");
        assertEquals(counts(full), counts(fast), what + ": counts");
        assertEquals(full.simulated(), fast.simulated(), what + ": simulated time");
        assertEquals(full.steps(), fast.steps(), what + ": steps");
        assertEquals(full.goalsCompleted(), fast.goalsCompleted(), what + ": goals done");
        assertEquals(full.blockedWait(), fast.blockedWait(), what + ": blocked waits");
        assertEquals(full.awaitingInput(), fast.awaitingInput(), what + ": awaiting input");
        assertEquals(full.flow(), fast.flow(), what + ": flow figures");
    }

    static List<Long> counts(SimulationResult result) {
        Metrics m = result.metrics();
        return List.of(m.transitions.sum(), m.claimAttempts.sum(), m.claims.sum(), m.claimConflicts.sum(), m.claimGiveUps.sum(),
                m.abandoned.sum(), m.heartbeats.sum(), m.expiredBySweeper.sum(), m.lostLeases.sum(), m.tasksDone.sum(),
                m.reviews.sum(), m.changesRequested.sum(), m.afterGoalsReported.sum(), m.questions.sum(), m.answers.sum(),
                (long) result.goalsCompleted());
    }

    private static SimulationResult run(SimulationConfig config, int tasks) throws InterruptedException {
        Plan plan = new PlanGenerator(config.seed(), tasks, config.agents(), config.reviewShare()).generate(tasks);
        InMemoryStores stores = InMemoryStores.create();
        return new Simulation(stores.tasks(), stores.directory(), stores.transactions(), stores.agentSessions())
                .run(config, plan, ProgressBar.off());
    }
}
