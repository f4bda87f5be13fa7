package dev.tasklane.simulator;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A normal run over the in-memory store: every task and goal finishes and every invariant holds. */
class SimulationTest {

    @Test
    void aTeamWorksThroughAGeneratedPlanAndEveryInvariantHolds() throws InterruptedException {
        SimulationConfig config = new SimulationConfig(8, 2, 42, 0.3, 0.5, 0.1);
        Plan plan = new PlanGenerator(config.seed(), 400, config.agents(), config.reviewShare()).generate(400);
        InMemoryStores stores = InMemoryStores.create();

        SimulationResult result = new Simulation(stores.tasks(), stores.directory(), stores.transactions())
                .run(config, plan, ProgressBar.off());

        assertTrue(result.passed(), ReportFormatter.text(result));
        assertFalse(result.stalled());
        assertEquals(400, result.tasks());
        assertEquals(400, result.metrics().tasksDone.sum());
        assertEquals(plan.goals().size(), result.goalsCompleted());
        assertTrue(result.metrics().abandoned.sum() > 0, "some claims were abandoned");
        assertEquals(0, result.metrics().lostLeases.sum());
        assertEquals(result.tasks() + result.metrics().abandoned.sum(), result.metrics().claims.sum(),
                "each task is claimed once for good, plus once per abandoned claim");
        assertTrue(result.metrics().expiredBySweeper.sum() <= result.metrics().abandoned.sum());
        assertTrue(result.metrics().changesRequested.sum() > 0, "some reviews requested changes");
        assertEquals(result.metrics().claims.sum(), result.claimLatency().count() - result.metrics().claimConflicts.sum());
    }
}
