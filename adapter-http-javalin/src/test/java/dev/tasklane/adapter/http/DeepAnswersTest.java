package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.application.testing.TaskCommands;
import dev.tasklane.adapter.http.Harness.Res;
import dev.tasklane.domain.agent.Actor;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.tasklane.adapter.http.Harness.map;
import static dev.tasklane.adapter.http.Harness.task;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** No answer nests without bound, whatever the depth of a dependency chain or a stored value. */
class DeepAnswersTest {
    private static final int CHAIN = 3_000;

    @Test
    void aDependencyChainOfAnyDepthIsAnsweredAsAFlatBreadthFirstList() {
        Harness.run(h -> {
            Actor admin = h.tasklane.identity().authenticate(Harness.TOKEN, null);
            for (int i = 1; i <= CHAIN; i++) {
                h.tasklane.create().create(admin, TaskCommands.create(task("Link " + i, "dependencies",
                        i == 1 ? List.of() : List.of("W" + (i - 1))), null));
            }

            Res chain = h.get("/api/tasks/W" + CHAIN + "/dependencies");

            assertEquals(200, chain.status(), () -> chain.toString().substring(0, 300));
            assertEquals("W" + CHAIN, ((Map<?, ?>) chain.body().get("task")).get("identifier"));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> entries = (List<Map<String, Object>>) chain.body().get("dependencies");
            assertEquals(CHAIN - 1, entries.size());
            for (int i = 0; i < entries.size(); i++) {
                Map<String, Object> entry = entries.get(i);
                assertEquals("W" + (CHAIN - 1 - i), ((Map<?, ?>) entry.get("task")).get("identifier"));
                assertEquals(i + 1, entry.get("depth"));
                assertEquals("W" + (CHAIN - i), entry.get("parent"));
            }
        });
    }

    @Test
    void aValueNestedAsDeepAsABodyMayBeIsReadBackInEveryAnswer() {
        Harness.run(h -> {
            int depth = HttpSettings.DEFAULT_MAX_JSON_DEPTH - 3; // {"task": {"technical_details": ...}} around it
            Object deep = "bottom";
            for (int i = 0; i < depth; i++) {
                deep = i % 2 == 0 ? List.of(deep) : map("k", deep);
            }
            Res created = h.post("/api/tasks", map("task", task("Deep", "technical_details", map("k", deep))));
            assertEquals(201, created.status(), created::toString);

            assertEquals(200, h.get("/api/tasks/W1").status());
            assertEquals(200, h.get("/api/tasks?limit=500").status());
            assertEquals(200, h.get("/api/tasks/W1/tree").status());
        });
    }
}
