package dev.tasklane.simulator;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.session.AgentSession;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Agents ask questions at the team's rate and people answer after the drawn delay: the run shows what awaiting input
 * costs (each question's wait, beside the review wait), a question's wait is the session's awaited time in the store,
 * and a question keeps the lease while it waits, so that answers slower than the lease cost no claim.
 */
class QuestionsTest {

    @Test
    void questionsWaitForTheirAnswersWithoutLosingTheLease() throws InterruptedException {
        // every answer takes four hours, four times the lease: without the awaiting-input rule every asking claim would expire
        TeamConfig team = new TeamConfig("asking", 6, 1, 0.2, 0.2, 0, TeamConfig.DEFAULT_WORK, TeamConfig.DEFAULT_REVIEW,
                0.3, new Distribution.Fixed(240), null);
        SimulationConfig config = new SimulationConfig(team, 5, 2, SimulationConfig.Engine.USE_CASES);
        Plan plan = new PlanGenerator(5, 200, config.agents(), config.reviewShare()).generate(200);
        InMemoryStores stores = InMemoryStores.create();

        SimulationResult result = new Simulation(stores.tasks(), stores.directory(), stores.transactions(), stores.agentSessions())
                .run(config, plan, ProgressBar.off());

        assertTrue(result.passed(), ReportFormatter.text(result));
        long questions = result.metrics().questions.sum();
        assertTrue(questions > 30 && questions < 100, "about 30% of 200 claims asked: " + questions);
        assertEquals(questions, result.metrics().answers.sum(), "every question was answered");
        assertEquals(questions, result.awaitingInput().count());
        assertEquals(240, result.awaitingInput().p50(), "each question waited its drawn four hours");
        assertEquals(0, result.metrics().expiredBySweeper.sum(), "no lease ran out while its question waited");
        assertEquals(0, result.metrics().lostLeases.sum());
        assertEquals(200, result.metrics().tasksDone.sum());
        assertTrue(ReportFormatter.text(result).contains("Awaiting input: p50 4h 0m"), ReportFormatter.text(result));

        long asked = 0;
        for (long id = 1; id <= result.tasks() + result.goals(); id++) {
            AgentSession latest = stores.agentSessions().latestOf(TaskId.of(id)).orElse(null);
            if (latest != null && latest.questions() > 0) {
                asked++;
                assertEquals(Duration.ofHours(4), latest.awaited(latest.endedAt()), "the session awaited input four hours");
            }
        }
        assertTrue(asked > 0 && asked <= questions, "the questions are on the tasks' sessions in the store: " + asked);
    }

    @Test
    void theFastEngineKeepsTheLeaseToo() throws InterruptedException {
        TeamConfig team = new TeamConfig("asking", 6, 1, 0.2, 0.2, 0.05, TeamConfig.DEFAULT_WORK, TeamConfig.DEFAULT_REVIEW,
                0.3, new Distribution.Fixed(TeamConfig.MAX_ANSWER_MINUTES), null);
        SimulationConfig config = new SimulationConfig(team, 5, 2, SimulationConfig.Engine.FAST);
        Plan plan = new PlanGenerator(5, 200, config.agents(), config.reviewShare()).generate(200);
        InMemoryStores stores = InMemoryStores.create();
        SimulationResult result = new Simulation(stores.tasks(), stores.directory(), stores.transactions())
                .run(config, plan, ProgressBar.off());
        assertTrue(result.passed(), ReportFormatter.text(result));
        assertEquals(0, result.metrics().lostLeases.sum());
        assertEquals(result.metrics().abandoned.sum(), result.metrics().expiredBySweeper.sum(), "only abandoned claims expired");
    }
}
