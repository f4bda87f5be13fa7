package dev.tasklane.adapter.http;

import static dev.tasklane.adapter.http.onboarding.DocumentTrees.map;
import static dev.tasklane.adapter.http.onboarding.DocumentTrees.list;
import static dev.tasklane.adapter.http.onboarding.DocumentTrees.examples;

import dev.tasklane.adapter.http.Harness.Res;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The completion examples the onboarding document publishes pass strict validation against its task example, read
 * as the server reads a complete body (docs/api.md, "Completion validation"): each complete example as it is, and
 * each explorer_result, reviewer_result and workflow_steps example in the first complete example's place.
 */
class OnboardingCompletionExamplesTest {

    @Test
    void everyPublishedCompletionExampleIsAcceptedInStrictMode() {
        Harness.run(CompletionMode.STRICT, HttpSettings.defaults("http://localhost:7070"), h -> {
            Map<String, Object> schemas = map(h.get("/api/agent/onboarding").body().get("json_schemas"));
            Map<String, Object> task = map(map(examples(schemas, "task").get(0)).get("task"));
            List<Object> completes = examples(schemas, "complete");
            for (Object example : completes) {
                accepted(h, task, map(example));
            }
            for (String part : List.of("explorer_result", "reviewer_result", "workflow_steps")) {
                for (Object example : examples(schemas, part)) {
                    Map<String, Object> body = new LinkedHashMap<>(map(completes.get(0)));
                    body.put(part, example);
                    accepted(h, task, body);
                }
            }
        });
    }

    private static void accepted(Harness h, Map<String, Object> task, Map<String, Object> body) {
        Res created = h.post("/api/tasks", Harness.map("task", task));
        assertEquals(201, created.status(), created::toString);
        String identifier = String.valueOf(created.data().get("identifier"));
        assertEquals(200, h.claim(identifier, Harness.TOKEN).status());
        Res res = h.patch("/api/tasks/" + identifier + "/complete", body);
        assertEquals(200, res.status(), () -> body + " -> " + res);
    }
}
