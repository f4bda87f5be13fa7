package dev.tasklane.adapter.http.routes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tasklane.adapter.http.error.ErrorBody;
import dev.tasklane.adapter.http.error.ErrorGuidance;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.pipeline.Json;
import dev.tasklane.adapter.http.wire.BatchRequest;
import dev.tasklane.adapter.http.wire.TaskObject;
import dev.tasklane.adapter.http.wire.TaskRequest;
import dev.tasklane.edge.SentTask;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The root-key refusals of create, update and batch, in Stride's order, each with its example (docs/api.md,
 * "Errors"); what passes is the task object, or the goals, as the application's task readers take them.
 */
final class RootKeys {
    private static final String NOT_DATA =
            "Invalid request format. The request body key must be 'task', not 'data'. See documentation for correct format.";
    private static final String MISSING_TASK =
            "Invalid request format. Missing 'task' key in request body. See documentation for correct format.";
    private static final String TASK_NOT_OBJECT =
            "Invalid request format. 'task' must be a JSON object of task fields. See documentation for correct format.";
    private static final String NOT_TASKS =
            "Invalid request format. The root key must be 'goals', not 'tasks'. See documentation for correct format.";
    private static final String MISSING_GOALS =
            "Invalid request format. Missing 'goals' key in request body. See documentation for correct format.";
    private static final String GOALS_NOT_ARRAY =
            "Invalid request format. 'goals' must be an array of goal objects. See documentation for correct format.";

    /** The example body of a refused create, update and batch. */
    record TaskExample(Task task) {
    }

    record Task(String title, String description, String type, String priority) {
    }

    record EditExample(Edit task) {
    }

    record Edit(String title, String description, String priority) {
    }

    record BatchExample(List<Goal> goals) {
    }

    record Goal(String title, String type, List<Child> tasks) {
    }

    record Child(String title, String type) {
    }

    private static final TaskExample CREATE = new TaskExample(
            new Task("Task title", "Task description", "work", "medium"));
    private static final EditExample UPDATE = new EditExample(new Edit("Updated title", "Updated description", "high"));
    private static final BatchExample BATCH = new BatchExample(List.of(new Goal("Goal Title", "goal",
            List.of(new Child("Task 1", "work"), new Child("Task 2", "work")))));

    private final Json json;

    RootKeys(Json json) {
        this.json = json;
    }

    /** The {@code task} object of a create body. */
    SentTask createTask(TaskRequest body) {
        return task(body, CREATE);
    }

    /** The {@code task} object of an update body. */
    SentTask updateTask(TaskRequest body) {
        return task(body, UPDATE);
    }

    /** The {@code goals} of a batch body, each as sent; empty for an entry that is not an object. */
    List<Optional<SentTask>> goals(BatchRequest body) {
        if (body.tasks() != null) {
            throw refusal(NOT_TASKS, BATCH);
        }
        if (body.goals() == null) {
            throw refusal(MISSING_GOALS, BATCH);
        }
        if (!body.goals().isArray()) {
            throw refusal(GOALS_NOT_ARRAY, BATCH);
        }
        List<Optional<SentTask>> goals = new ArrayList<>(body.goals().size());
        for (JsonNode goal : body.goals()) {
            goals.add(goal.isObject() ? Optional.of(object(goal)) : Optional.empty());
        }
        return goals;
    }

    private SentTask task(TaskRequest body, Object example) {
        if (body.data() != null) {
            throw refusal(NOT_DATA, example);
        }
        if (body.task() == null) {
            throw refusal(MISSING_TASK, example);
        }
        if (!body.task().isObject()) {
            throw refusal(TASK_NOT_OBJECT, example);
        }
        return object(body.task());
    }

    private SentTask object(JsonNode object) {
        return json.bind(object, TaskObject.class).sent();
    }

    private static RequestRefused refusal(String message, Object example) {
        return new RequestRefused(422, ErrorBody.builder().error(message).example(example)
                .guidance(ErrorGuidance.forCode("root_key")).build());
    }
}
