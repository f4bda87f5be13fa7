package dev.tasklane.simulator;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.domain.validation.Limit;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A plan larger than one request is posted in batches that the request caps accept (docs/api.md "Request caps
 * and limits"): a simulation of 20,000 tasks once failed at set-up because it posted 100 goals at a time.
 */
class PlanBatchesTest {

    @Test
    void everyBatchOfAGeneratedPlanFitsTheCapsAndTogetherTheyHoldEveryGoalInOrder() {
        for (long seed = 1; seed <= 20; seed++) {
            int tasks = 500 + (int) (seed * 997 % 9_000);
            Plan plan = new PlanGenerator(seed, tasks, 8, 0.3).generate(tasks);
            List<List<Object>> batches = Simulation.batches(plan);
            List<Object> rejoined = new ArrayList<>();
            for (List<Object> batch : batches) {
                assertTrue(batch.size() <= Limit.BATCH_GOALS.max(), "seed " + seed + ": " + batch.size() + " goals");
                int entries = batch.stream().mapToInt(goal -> 1 + ((List<?>) ((Map<?, ?>) goal).get(Plan.TASKS)).size()).sum();
                assertTrue(entries <= Limit.REQUEST_TASKS.max(), "seed " + seed + ": " + entries + " goals and tasks");
                assertTrue(!batch.isEmpty(), "seed " + seed + ": an empty batch");
                rejoined.addAll(batch);
            }
            assertEquals(new ArrayList<Object>(plan.goals()), rejoined, "seed " + seed + ": every goal once, in order");
        }
    }

    @Test
    void aPlanOfSeveralRequestsIsCreatedAndWorkedThrough() throws InterruptedException {
        int tasks = 2 * Limit.REQUEST_TASKS.max() + 500;
        SimulationConfig config = new SimulationConfig(8, 2, 7, 0.0, 0.0, 0.0);
        Plan plan = new PlanGenerator(config.seed(), tasks, config.agents(), config.reviewShare()).generate(tasks);
        InMemoryStores stores = InMemoryStores.create();

        SimulationResult result = new Simulation(stores.tasks(), stores.directory(), stores.transactions())
                .run(config, plan, ProgressBar.off());

        assertTrue(result.passed(), ReportFormatter.text(result));
        assertEquals(tasks, result.tasks());
        assertEquals(tasks, result.metrics().tasksDone.sum());
    }
}
