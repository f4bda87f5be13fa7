package dev.tasklane.adapter.http.error;

import dev.tasklane.domain.error.NextStep;
import dev.tasklane.domain.error.TasklaneException;

/**
 * The HTTP API's way to take the next step a refusal names: the error's message, then the route to call. The
 * domain says what to do; only the adapter knows the routes.
 */
public final class NextSteps {
    private NextSteps() {
    }

    /** The refusal's message as the API answers it, ending with the route that takes the next step, if any. */
    public static String message(TasklaneException error) {
        NextStep step = error.nextStep();
        return switch (step.kind()) {
            case NONE -> error.getMessage();
            case ASK_FOR_ANOTHER_TASK -> error.getMessage() + " Ask GET /api/tasks/next for another task.";
            case ASK_FOR_NEW_WORK -> error.getMessage() + " Ask GET /api/tasks/next for new work.";
            case RESTORE_FIRST -> error.getMessage() + " (POST /api/tasks/" + step.task() + "/restore)";
            case ARCHIVE_INSTEAD -> error.getMessage() + " (POST /api/tasks/" + step.task() + "/archive)";
            case CHANGE_PRIORITY_FIRST -> error.getMessage() + " (PATCH /api/tasks/" + step.task() + ")";
        };
    }
}
