package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.pipeline.Json;
import dev.tasklane.edge.SentTask;
import static dev.tasklane.adapter.http.onboarding.DocumentTrees.plain;

import dev.tasklane.edge.CreateTaskParser;
import static dev.tasklane.adapter.http.onboarding.DocumentTrees.map;
import static dev.tasklane.adapter.http.onboarding.DocumentTrees.list;
import static dev.tasklane.adapter.http.onboarding.DocumentTrees.examples;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tasklane.adapter.http.onboarding.OnboardingSchemas;
import dev.tasklane.domain.validation.CompletionMode;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The task, goal and batch examples that onboarding publishes are bodies the create parser accepts. */
class TaskOnboardingExamplesTest {
    private static final CreateTaskParser CREATES = new CreateTaskParser(new Json(HttpSettings.defaults("http://localhost"))::write);

    @Test
    void taskGoalAndBatchExamplesPassCreateValidation() {
        Map<String, Object> schemas = plain(OnboardingSchemas.all(CompletionMode.STRICT));
        for (Object example : examples(schemas, "task")) {
            assertDoesNotThrow(() -> CREATES.read(SentTask.of(map(map(example).get("task"))), false));
        }
        for (Object example : examples(schemas, "goal")) {
            assertTrue(CREATES.read(SentTask.of(map(map(example).get("task"))), false).isGoalWithChildren());
        }
        for (Object example : examples(schemas, "batch")) {
            List<Object> goals = list(map(example).get("goals"));
            assertFalse(goals.isEmpty());
            assertTrue(CREATES.batch(goals.stream().map(SentTask::ifObject).toList(), null).goals().stream().allMatch(goal -> goal.isGoalWithChildren()));
        }
    }
}
