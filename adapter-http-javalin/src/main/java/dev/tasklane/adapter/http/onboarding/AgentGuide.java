package dev.tasklane.adapter.http.onboarding;

import static dev.tasklane.adapter.http.onboarding.Trees.obj;

import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.workflow.WorkflowLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The prose parts of the onboarding document: the agent loop, the hooks (with the configured timeouts),
 * the review flow, the common mistakes and the quick reference card.
 */
final class AgentGuide {
    /** The environment variables every hook entry's {@code env} carries (docs/api.md, "Task renders"). */
    static final List<String> ENVIRONMENT_VARIABLES = List.of("TASK_ID", "TASK_IDENTIFIER", "TASK_TITLE",
            "TASK_DESCRIPTION", "TASK_STATUS", "TASK_COMPLEXITY", "TASK_PRIORITY", "TASK_NEEDS_REVIEW", "BOARD_ID",
            "BOARD_NAME", "COLUMN_ID", "COLUMN_NAME", "AGENT_NAME", "HOOK_NAME");

    private AgentGuide() {
    }

    static List<Object> workflow() {
        return List.of(
                step(1, "next", "GET /api/tasks/next", "Ask for the next claimable task (highest priority first; "
                        + "dependencies done, key files free, assigned to nobody or to you, capabilities matching). "
                        + "No task: stop, there is nothing to do. Agents sharing one token add ?agent_name=<the name "
                        + "you claim with>, so that each is offered a task of its own."),
                step(2, "before_doing", "(local)", "Run the ## before_doing section of .stride.md with the task's "
                        + "env; it must exit 0 within its timeout."),
                step(3, "claim", "POST /api/tasks/claim", "Claim the task with before_doing_result as proof. Keep "
                        + "data.claim_token. The claim expires unless you heartbeat it."),
                step(4, "work", "(local)", "Do the work described by the task: key_files, acceptance_criteria, "
                        + "verification_steps, pitfalls. POST /api/tasks/:id/heartbeat on long work."),
                step(5, "after_doing + before_review", "(local)", "Run ## after_doing (tests, lint) then "
                        + "## before_review (open the PR); both must exit 0."),
                step(6, "complete", "PATCH /api/tasks/:id/complete", "Send both results, the completion report, "
                        + "explorer_result, reviewer_result and workflow_steps."),
                step(7, "after_review or wait", "(local)", "needs_review=false: the task is Done; run ## after_review "
                        + "at once (the response's hooks list it) and go back to step 1. needs_review=true: the task "
                        + "is in Review; STOP and wait for a human review (GET /api/events or poll the task)."),
                step(8, "mark_reviewed", "PATCH /api/tasks/:id/mark_reviewed", "After the review is recorded, run "
                        + "## after_review and send after_review_result: approved moves the task to Done; "
                        + "changes_requested or rejected sends it back to Doing for rework (repeat from step 4)."),
                step(9, "repeat", "GET /api/tasks/next", "Repeat until a task needs review or no task is left."));
    }

    private static Map<String, Object> step(int order, String name, String endpoint, String description) {
        return obj("order", order, "name", name, "endpoint", endpoint, "description", description);
    }

    static Map<String, Object> hooks(WorkflowLimits limits) {
        List<Object> available = new ArrayList<>();
        for (HookName hook : HookName.values()) {
            available.add(obj("name", hook.wire(), "blocking", hook.blocking(),
                    "timeout", limits.hookTimeout(hook).toMillis(), "when", when(hook),
                    "typical_use", hook.description(), "execute_before", hook.executeBefore(),
                    "execute_after", hook.executeAfter()));
        }
        return obj(
                "description", "Hooks run on your machine, never on the server. The server hands out each hook's "
                        + "metadata (name, env, timeout, blocking) and requires its result as proof on the next "
                        + "call. Every hook is blocking: a non-zero exit_code stops the flow and the call is refused.",
                "available_hooks", List.copyOf(available),
                "environment_variables", ENVIRONMENT_VARIABLES,
                "execution_flow", List.of(
                        "before_doing: run it, then POST /api/tasks/claim with before_doing_result",
                        "work on the task",
                        "after_doing: run it, then before_review: run it",
                        "PATCH /api/tasks/:id/complete with after_doing_result and before_review_result",
                        "needs_review=false: run after_review immediately (the complete response lists it)",
                        "needs_review=true: wait for the review, run after_review, then PATCH "
                                + "/api/tasks/:id/mark_reviewed with after_review_result",
                        "after_goal: when a complete or mark_reviewed response lists it (the last open child of a "
                                + "goal finished), run it and PATCH /api/tasks/:goal/after_goal with its result"),
                "result_format", OnboardingExamples.hookResult(HookName.BEFORE_DOING));
    }

    private static String when(HookName hook) {
        return switch (hook) {
            case BEFORE_DOING -> "Before claiming a task";
            case AFTER_DOING -> "After the work is done, before calling complete";
            case BEFORE_REVIEW -> "After after_doing, before calling complete (the task enters review)";
            case AFTER_REVIEW -> "After review approval, or at once after complete when needs_review=false";
            case AFTER_GOAL -> "When a complete or mark_reviewed response carries an after_goal entry";
        };
    }

    static Map<String, Object> reviewFlow() {
        return obj(
                "when", "A task with needs_review=true goes to Review on complete instead of Done",
                "agent", "Stop and wait. Do not claim another task. Listen on GET /api/events for task.reviewed "
                        + "or poll GET /api/tasks/:id until review_status is set",
                "reviewer", "A person or a token with the reviewer flag records the decision: PATCH "
                        + "/api/tasks/:id/review {review_status: approved | changes_requested | rejected, "
                        + "review_notes} (notes required unless approved). An agent cannot approve its own work",
                "finalize", "Run after_review, then PATCH /api/tasks/:id/mark_reviewed with after_review_result",
                "outcomes", obj("approved", "Done; dependents unblock; after_review (and maybe after_goal) listed",
                        "changes_requested", "Back to Doing with the same assignee and a fresh claim: rework, "
                                + "then run the hooks and complete again",
                        "rejected", "Back to Doing, as for changes_requested"));
    }

    static List<Object> commonMistakes() {
        return List.of(
                "Sending identifier when creating a task: identifiers are server-generated (422)",
                "Using root key tasks for POST /api/tasks/batch: the root key is goals",
                "verification_steps as an array of strings: each entry is an object with step_type, step_text, "
                        + "position",
                "actual_files_changed as an array: it is one comma-separated string",
                "Claiming without running before_doing, or faking exit_code 0: the proof must be real",
                "Calling complete before running after_doing and before_review",
                "Claiming the next task while a needs_review=true task waits in Review",
                "Forgetting after_review when needs_review=false (the complete response lists it)",
                "Writing not_met as 'not met': the status has an underscore",
                "A reviewer_result summary under 40 non-whitespace characters",
                "Claiming a task assigned to someone else (403): skip it and ask for the next",
                "Committing .stride_auth.md: the token is a secret",
                "Sending changed_files in the complete body: it is ignored; PUT /api/tasks/:id/changed_files");
    }

    static Map<String, Object> quickReferenceCard(String baseUrl) {
        return obj(
                "auth_header", "Authorization: Bearer <API Token>",
                "base_url", baseUrl,
                "loop", "next -> before_doing -> claim -> work -> after_doing -> before_review -> complete -> "
                        + "(after_review | wait for review -> after_review -> mark_reviewed) -> next",
                "next", "GET /api/tasks/next",
                "claim", "POST /api/tasks/claim {identifier, agent_name, before_doing_result}",
                "complete", "PATCH /api/tasks/:id/complete {after_doing_result, before_review_result, "
                        + "completion_summary, actual_complexity, actual_files_changed, time_spent_minutes, "
                        + "explorer_result, reviewer_result, workflow_steps}",
                "mark_reviewed", "PATCH /api/tasks/:id/mark_reviewed {after_review_result}",
                "heartbeat", "POST /api/tasks/:id/heartbeat",
                "hook_result", "{exit_code, output, duration_ms}");
    }

    static Map<String, Object> setupChecklist(String baseUrl) {
        return obj(
                "STEP_1", checklistStep(1, "Fetch this document: GET " + baseUrl + "/api/agent/onboarding"),
                "STEP_2", checklistStep(2, "Create .stride_auth.md from file_templates.stride_auth_md and put "
                        + "your API token in it"),
                "STEP_3", checklistStep(3, "Add .stride_auth.md to .gitignore"),
                "STEP_4", checklistStep(4, "Create .stride.md from file_templates.stride_md with your project's "
                        + "commands"),
                "STEP_5", checklistStep(5, "Check the token: GET " + baseUrl + "/api/me"),
                "STEP_6", checklistStep(6, "Read workflow, hooks and json_schemas of this document"),
                "STEP_7", checklistStep(7, "Start the loop: GET " + baseUrl + "/api/tasks/next"));
    }

    private static Map<String, Object> checklistStep(int order, String action) {
        return obj("order", order, "action", action);
    }
}
