package dev.tasklane.adapter.http.error;

import dev.tasklane.adapter.http.error.ErrorBody.Guidance;

import java.util.List;

/**
 * The documentation keys Stride merges into documented error bodies (docs/api.md, "Errors"), pointing at
 * Tasklane's own {@code docs/api.md}: where the error is explained and what usually causes it, by error code. Key
 * names are Stride's; the link targets are headings of docs/api.md, each one checked to exist by
 * {@code SourcesCiteTheRepositoryTest}.
 */
public final class ErrorGuidance {
    public static final String API = "docs/api.md";
    public static final String GETTING_STARTED = "docs/api.md#getting-started";
    public static final String TASK_WRITING = "docs/api.md#task-fields";
    public static final String HOOKS = "docs/api.md#hooks";
    public static final String WORKFLOW = "docs/api.md#the-agent-loop";
    public static final String ERRORS = "docs/api.md#errors";
    public static final String LOOP_BODIES = "docs/api.md#the-loops-bodies-complete";
    public static final String EDITING = "docs/api.md#creating-and-editing-tasks-what-is-read-and-which-error-comes-first";

    private ErrorGuidance() {
    }

    /** The keys added for an error code, in Stride's order; codes Stride does not document get the default pair. */
    public static Guidance forCode(String code) {
        return switch (code) {
            case "no_tasks_available", "task_not_claimable" -> new Guidance(
                    LOOP_BODIES,
                    List.of(WORKFLOW, "docs/api.md#agents-asking-next-together"),
                    null,
                    List.of(
                            "All tasks in Ready are blocked by unfinished dependencies",
                            "The task is already claimed by another agent",
                            "The task requires capabilities your token does not carry",
                            "Another task in Doing or Review is modifying one of its key files",
                            "The task is not in the Ready column, or not on this board"),
                    null);
            case "assigned_to_other_user" -> new Guidance(
                    WORKFLOW,
                    null,
                    null,
                    List.of(
                            "The task (or its goal) is assigned to a different user",
                            "Skip it and request the next task with GET /api/tasks/next"),
                    null);
            case "invalid_status_for_complete", "not_authorized_to_complete" -> new Guidance(
                    LOOP_BODIES,
                    null,
                    null,
                    List.of(
                            "The task was not claimed first (POST /api/tasks/claim)",
                            "The task is claimed by another agent or user",
                            "The task is already completed or waiting in Review"),
                    null);
            case "not_authorized_to_unclaim", "task_not_claimed" -> new Guidance(
                    WORKFLOW,
                    null,
                    null,
                    List.of(
                            "The task is not claimed", "The task is claimed by someone else"),
                    null);
            case "completion_validation_failed" -> new Guidance(
                    "docs/api.md#completion-validation",
                    List.of(HOOKS, LOOP_BODIES),
                    null,
                    List.of(
                            "explorer_result or reviewer_result is missing or malformed",
                            "A summary has fewer than 40 non-whitespace characters",
                            "A changed_files entry has an absolute path, .. or a diff over 500 lines"),
                    null);
            case "hook_validation_failed" -> new Guidance(
                    HOOKS,
                    List.of(WORKFLOW),
                    null,
                    List.of(
                            "The hook result was not sent",
                            "The hook result is missing exit_code, output or duration_ms",
                            "The hook failed (non-zero exit_code): fix the problem and run it again"),
                    RequiredFormats.ALL_HOOKS);
            case "invalid_column_for_review", "review_not_performed", "invalid_review_status",
                 "invalid_column_for_mark_done" -> new Guidance(
                    "docs/api.md#review",
                    null,
                    null,
                    List.of(
                            "The task is not in the Review column",
                            "No reviewer has recorded a decision yet (PATCH /api/tasks/:id/review)"),
                    null);
            case "update_forbidden_field" -> new Guidance(
                    EDITING,
                    null,
                    null,
                    List.of(
                            "The body names a server-managed field such as status, identifier or assigned_to_id",
                            "Use the workflow endpoints (claim, complete, mark_reviewed, assign) instead"),
                    null);
            case "show_unknown_fields", "show_invalid_fields_shape", "show_fields_response_view_conflict" -> new Guidance(
                    "docs/api.md#projection-fields",
                    null,
                    null,
                    List.of(
                            "A name outside the 27 allow-listed fields, such as column_id",
                            "fields sent as an array or a map (fields[]=x) instead of one comma-separated string",
                            "fields and response_view in the same request"),
                    null);
            case "root_key" -> new Guidance(
                    EDITING,
                    null,
                    null,
                    List.of(
                            "The body wraps the task in 'data' instead of 'task'",
                            "The body of /api/tasks/batch uses 'tasks' instead of 'goals' at the root"),
                    "See the 'example' field in this response");
            default -> new Guidance(
                    API,
                    null,
                    GETTING_STARTED,
                    null,
                    null);
        };
    }
}
