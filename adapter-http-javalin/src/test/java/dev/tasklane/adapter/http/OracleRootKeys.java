package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.error.ErrorGuidance;
import dev.tasklane.adapter.http.error.ErrorBody;
import dev.tasklane.adapter.http.error.RequestRefused;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The map-walking reader this one replaced, kept as the migration oracle of TaskBodyBindingGeneratedTest. <p> The root-key refusals of create, update and batch, each with its example (docs/api.md, "Errors"). */
final class OracleRootKeys {
    private static final String NOT_DATA =
            "Invalid request format. The request body key must be 'task', not 'data'. See documentation for correct format.";
    private static final String MISSING_TASK =
            "Invalid request format. Missing 'task' key in request body. See documentation for correct format.";
    private static final String NOT_TASKS =
            "Invalid request format. The root key must be 'goals', not 'tasks'. See documentation for correct format.";
    private static final String MISSING_GOALS =
            "Invalid request format. Missing 'goals' key in request body. See documentation for correct format.";

    private OracleRootKeys() {
    }

    /** The {@code task} object of a create body. */
    static Map<String, Object> createTask(Map<String, Object> body) {
        return task(body, Map.of("task", ordered("title", "Task title", "description", "Task description",
                "type", "work", "priority", "medium")));
    }

    /** The {@code task} object of an update body. */
    static Map<String, Object> updateTask(Map<String, Object> body) {
        return task(body, Map.of("task", ordered("title", "Updated title", "description", "Updated description",
                "priority", "high")));
    }

    /** The {@code goals} array of a batch body. */
    static List<Object> goals(Map<String, Object> body) {
        Map<String, Object> example = Map.of("goals", List.of(ordered("title", "Goal Title", "type", "goal",
                "tasks", List.of(ordered("title", "Task 1", "type", "work"), ordered("title", "Task 2", "type", "work")))));
        if (body.containsKey("tasks")) {
            throw refusal(NOT_TASKS, example);
        }
        if (!body.containsKey("goals")) {
            throw refusal(MISSING_GOALS, example);
        }
        if (!(body.get("goals") instanceof List<?> goals)) {
            throw refusal("Invalid request format. 'goals' must be an array of goal objects. See documentation for correct format.", example);
        }
        return new java.util.ArrayList<>(goals);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> task(Map<String, Object> body, Map<String, Object> example) {
        if (body.containsKey("data")) {
            throw refusal(NOT_DATA, example);
        }
        if (!body.containsKey("task")) {
            throw refusal(MISSING_TASK, example);
        }
        if (!(body.get("task") instanceof Map<?, ?> task)) {
            throw refusal("Invalid request format. 'task' must be a JSON object of task fields. See documentation for correct format.", example);
        }
        return (Map<String, Object>) task;
    }

    private static RequestRefused refusal(String message, Map<String, Object> example) {
        return new RequestRefused(422, ErrorBody.builder().error(message).example(example)
                .guidance(ErrorGuidance.forCode("root_key")).build());
    }

    private static Map<String, Object> ordered(Object... pairs) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return map;
    }
}
