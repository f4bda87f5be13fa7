package dev.tasklane.adapter.http.routes;

import dev.tasklane.edge.JsonText;
import dev.tasklane.edge.SentTask;
import dev.tasklane.edge.UpdateTaskParser;
import dev.tasklane.application.port.in.UpdateTask;
import dev.tasklane.domain.validation.Failure;
import dev.tasklane.domain.validation.FieldError;
import dev.tasklane.domain.validation.TaskFieldsRejectedException;
import dev.tasklane.domain.validation.TaskUpdateRejectedException;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads the {@code task} object of {@code PATCH /api/tasks/:id}: a server-managed key refuses the whole edit, naming
 * every such key with the reason it cannot be sent (docs/api.md "Creating and editing tasks"); the fields are then
 * read by the shared {@link UpdateTaskParser}.
 */
public final class UpdateBodyReader {
    /** The server-managed keys an edit refuses, in the order their errors are listed. */
    static final List<String> UPDATE_FORBIDDEN = List.of("status", "identifier", "parent_id", "position",
            "assigned_to_id", "claimed_at", "claim_expires_at", "completed_at", "completed_by_id",
            "completed_by_agent", "completion_summary", "completion_notes", "actual_complexity",
            "actual_files_changed", "time_spent_minutes", "review_status", "review_notes", "review_report",
            "reviewed_by_id", "reviewed_at", "workflow_steps", "explorer_result", "reviewer_result", "created_by_id",
            "created_by_agent", "archived_at", "changed_files", "after_goal_status", "after_goal_result",
            "after_goal_attempts", "archive_reason", "archive_note", "archived_by_id", "target_id",
            "duplicate_of_id");

    private static final Set<String> WORKFLOW_WRITTEN = Set.of("status", "assigned_to_id", "claimed_at",
            "claim_expires_at", "completed_at", "completed_by_id", "completed_by_agent", "completion_summary",
            "completion_notes", "actual_complexity", "actual_files_changed", "time_spent_minutes", "review_report",
            "workflow_steps", "explorer_result", "reviewer_result");
    private final UpdateTaskParser fields;

    public UpdateBodyReader(JsonText json) {
        this.fields = new UpdateTaskParser(json);
    }

    /**
     * @throws TaskUpdateRejectedException when any server-managed key is present
     * @throws TaskFieldsRejectedException with every field error
     */
    public UpdateTask read(SentTask raw) {
        List<FieldError> forbidden = new ArrayList<>();
        for (String key : UPDATE_FORBIDDEN) {
            if (raw.has(key)) {
                forbidden.add(new FieldError(key, forbiddenReason(key)));
            }
        }
        if (!forbidden.isEmpty()) {
            throw new TaskUpdateRejectedException(List.of(new Failure("task", forbidden)));
        }
        return fields.read(raw);
    }

    /** Why a server-managed key cannot be sent to PATCH /api/tasks/:id (docs/api.md "Creating and editing tasks"). */
    static String forbiddenReason(String key) {
        String reason;
        if (WORKFLOW_WRITTEN.contains(key)) {
            reason = "it is written by the claim and complete workflow endpoints";
        } else if (key.equals("review_status") || key.equals("review_notes")) {
            reason = "it is the review verdict, recorded by a human reviewing the task in the board UI; "
                    + "there is no API route that sets it";
        } else if (key.equals("reviewed_at") || key.equals("reviewed_by_id")) {
            reason = "it is review attribution, stamped by the server when a review is recorded";
        } else if (key.equals("changed_files")) {
            reason = "it has its own endpoint: PUT /api/tasks/:id/changed_files, its sole writer";
        } else if (key.startsWith("after_goal_")) {
            reason = "it has its own endpoint: PATCH /api/tasks/:id/after_goal";
        } else {
            reason = "it is server-managed; it is set at creation or by a dedicated action";
        }
        return key + " cannot be changed via PATCH /api/tasks/:id \u2014 " + reason
                + ". The request was rejected in full and no field was changed.";
    }
}
