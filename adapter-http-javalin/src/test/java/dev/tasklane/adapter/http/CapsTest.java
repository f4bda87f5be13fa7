package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.application.testing.WorstCaseBodies;
import dev.tasklane.domain.validation.Limit;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static dev.tasklane.adapter.http.Harness.map;
import static dev.tasklane.adapter.http.Harness.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The worst bodies under the caps are accepted; one past any cap is a 422 naming it. */
class CapsTest {
    @Test
    void theWorstBodiesUnderTheCapsAreAccepted() {
        StringBuilder report = new StringBuilder();
        Harness.run(h -> {
            long seed = Long.getLong("tasklane.test.seed", System.nanoTime());
            report.append("generated bodies from seed ").append(seed).append(" (-Dtasklane.test.seed=").append(seed)
                    .append(" repeats them)\n");
            List<WorstCaseBodies.Body> bodies = new ArrayList<>(WorstCaseBodies.all());
            bodies.addAll(WorstCaseBodies.generated(seed, 6));
            for (WorstCaseBodies.Body body : bodies) {
                String json = Harness.write(body.json());
                assertTrue(json.length() <= HttpSettings.DEFAULT_MAX_BODY_BYTES, body.name() + " " + json.length());
                long started = System.nanoTime();
                Res res = h.send(body.method(), body.path(), json, Harness.TOKEN);
                report.append(String.format("worst case %s: %d bytes, %d ms (informational, in-memory store)%n",
                        body.name(), json.length(), (System.nanoTime() - started) / 1_000_000));
                assertEquals(201, res.status(), () -> body.name() + " (seed " + seed + "): " + abbreviate(res.toString()));
            }
        });
        System.out.print(report);
    }

    @Test
    void onePastAStructuralCapIsA422NamingTheCapAndTheField() {
        Harness.run(h -> {
            refused(h, "/api/tasks", map("task", goal(Limit.GOAL_CHILDREN.max() + 1)), "tasks", Limit.GOAL_CHILDREN);
            List<Object> goals = new ArrayList<>(Collections.nCopies(Limit.BATCH_GOALS.max() + 1, goal(1)));
            refused(h, "/api/tasks/batch", map("goals", goals), "goals", Limit.BATCH_GOALS);
            int perGoal = Limit.GOAL_CHILDREN.max() - 1;
            List<Object> big = new ArrayList<>(Collections.nCopies(Limit.REQUEST_TASKS.max() / (perGoal + 1) + 1, goal(perGoal)));
            refused(h, "/api/tasks/batch", map("goals", big), "goals", Limit.REQUEST_TASKS);
            refused(h, "/api/tasks", map("task", task("Deps", "dependencies", strings("W1", Limit.DEPENDENCIES.max() + 1))),
                    "dependencies", Limit.DEPENDENCIES);
            List<Object> files = new ArrayList<>();
            List<Object> steps = new ArrayList<>();
            for (int i = 0; i <= Limit.KEY_FILES.max(); i++) {
                files.add(map("file_path", "src/F" + i + ".java", "position", i));
                steps.add(map("step_type", "manual", "step_text", "look", "position", i));
            }
            refused(h, "/api/tasks", map("task", task("Files", "key_files", files)), "key_files", Limit.KEY_FILES);
            refused(h, "/api/tasks", map("task", task("Steps", "verification_steps", steps)), "verification_steps",
                    Limit.VERIFICATION_STEPS);
            refused(h, "/api/tasks", map("task", task("Pitfalls", "pitfalls", strings("p", Limit.LIST_ENTRIES.max() + 1))),
                    "pitfalls", Limit.LIST_ENTRIES);
            Map<String, Object> completion = Harness.completion();
            completion.put("workflow_steps", new ArrayList<>(Collections.nCopies(Limit.ANY_LIST.max() + 1, map("name", "x"))));
            refused(h, "/api/tasks/W1/complete", completion, "body", Limit.ANY_LIST);
            assertEquals(List.of(), h.get("/api/tasks").list(), "nothing was created");
        });
    }

    @Test
    void onePastALengthLimitIsA422NamingTheLimitAndTheField() {
        Harness.run(h -> {
            refusedLength(h, "/api/tasks", map("task", task("t".repeat(Limit.TITLE.max() + 1))), "title", Limit.TITLE);
            refusedLength(h, "/api/tasks", map("task", task("Long", "description", "d".repeat(Limit.LONG_TEXT.max() + 1))),
                    "description", Limit.LONG_TEXT);
            refusedLength(h, "/api/tasks", map("task", task("Path", "key_files", List.of(map("file_path",
                    "p".repeat(Limit.FILE_PATH.max() + 1), "position", 0)))), "file_path", Limit.FILE_PATH);
            refusedLength(h, "/api/tasks", map("task", task("Agent"), "agent_name", "a".repeat(Limit.AGENT_NAME.max() + 1)),
                    "agent_name", Limit.AGENT_NAME);
            refusedLength(h, "/api/tasks/claim", map("agent_name", "a".repeat(Limit.AGENT_NAME.max() + 1)),
                    "agent_name", Limit.AGENT_NAME);
            refusedLength(h, "/api/users", map("username", "u".repeat(Limit.NAME.max() + 1), "password",
                    "correct horse battery staple", "role", "member"), "username", Limit.NAME);
            refusedLength(h, "/api/boards", map("name", "b".repeat(Limit.NAME.max() + 1)), "name", Limit.NAME);
        });
    }

    @Test
    void aCycleAmongTheChildrenOfAGoalIsNamedInThe422() {
        Harness.run(h -> {
            Res res = h.post("/api/tasks", map("task", map("title", "Ring", "type", "goal", "priority", "low",
                    "tasks", List.of(task("A", "dependencies", List.of(2)), task("B", "dependencies", List.of(0)),
                            task("C", "dependencies", List.of(1))))));
            assertEquals(422, res.status(), res::toString);
            assertTrue(res.raw().body().contains("circular dependency: W1 \u2192 W3 \u2192 W2 \u2192 W1"), res::toString);
        });
    }

    private static void refused(Harness h, String path, Object body, String field, Limit limit) {
        Res res = h.post(path, body);
        assertEquals(422, res.status(), () -> path + " " + field + ": " + abbreviate(res.toString()));
        assertTrue(res.raw().body().contains(field) && res.raw().body().contains(limit.name())
                && res.raw().body().contains(String.valueOf(limit.max())), () -> abbreviate(res.toString()));
    }

    private static void refusedLength(Harness h, String path, Object body, String field, Limit limit) {
        Res res = h.post(path, body);
        assertEquals(422, res.status(), () -> path + " " + field + ": " + abbreviate(res.toString()));
        assertTrue(res.raw().body().contains(field) && res.raw().body().contains(String.valueOf(limit.max())),
                () -> abbreviate(res.toString()));
    }

    private static Map<String, Object> goal(int children) {
        List<Object> tasks = new ArrayList<>();
        for (int i = 0; i < children; i++) {
            tasks.add(task("Child " + i));
        }
        return map("title", "Goal", "type", "goal", "priority", "low", "tasks", tasks);
    }

    private static List<Object> strings(String prefix, int count) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(prefix + i);
        }
        return out;
    }

    private static String abbreviate(String text) {
        return text.length() > 600 ? text.substring(0, 600) + "…" : text;
    }
}
