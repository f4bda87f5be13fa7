package dev.tasklane.adapter.http.onboarding;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.workflow.WorkflowLimits;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The prose parts of the onboarding document: the agent loop, the hooks (with the configured timeouts),
 * the review flow, the common mistakes and the quick reference card. Each section is a record whose components are
 * its keys, in order (written snake_case by the document's mapper).
 */
final class AgentGuide {
    /** One step of {@code workflow}. */
    record Step(int order, String name, String endpoint, String description) {
    }

    /** {@code hooks}: what hooks are, each hook's metadata, their environment and when each runs. */
    record Hooks(String description, List<Hook> availableHooks, List<String> environmentVariables,
                 List<String> executionFlow, JsonNode resultFormat) {
    }

    /** One entry of {@code hooks.available_hooks}; {@code timeout} in milliseconds. */
    record Hook(String name, boolean blocking, long timeout, String when, String typicalUse, String executeBefore,
                String executeAfter) {
    }

    /** {@code review_flow}: what happens to a task that needs review, for the agent and for the reviewer. */
    record ReviewFlow(String when, String agent, String reviewer, @JsonProperty("finalize") String finalizing,
                      Outcomes outcomes) {
    }

    /** What each review decision does to the task. */
    record Outcomes(String approved, String changesRequested, String rejected) {
    }

    /** {@code quick_reference_card}: the loop and the calls on one card. */
    record QuickReferenceCard(String authHeader, String baseUrl, String loop, String next, String claim,
                              String complete, String markReviewed, String heartbeat, String hookResult) {
    }

    /** One step of {@code MANDATORY_SETUP_CHECKLIST}, under its key {@code STEP_<order>}. */
    record ChecklistStep(int order, String action) {
    }

    /** {@code SETUP_COMPLETION_CONFIRMATION}: how an agent knows the setup is complete. */
    record Confirmation(String confirm) {
    }

    /** The environment variables every hook entry's {@code env} carries (docs/api.md, "Task renders"). */
    static final List<String> ENVIRONMENT_VARIABLES = List.of("TASK_ID", "TASK_IDENTIFIER", "TASK_TITLE",
            "TASK_DESCRIPTION", "TASK_STATUS", "TASK_COMPLEXITY", "TASK_PRIORITY", "TASK_NEEDS_REVIEW", "BOARD_ID",
            "BOARD_NAME", "COLUMN_ID", "COLUMN_NAME", "AGENT_NAME", "HOOK_NAME");

    private AgentGuide() {
    }

    static List<Step> workflow() {
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
                        + "verification_steps, pitfalls. POST /api/tasks/:id/heartbeat on long work. Report what you "
                        + "do (POST /api/tasks/:id/activities), ask when unsure and wait for the answer, and obey a "
                        + "stop at once (see supervision)."),
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

    private static Step step(int order, String name, String endpoint, String description) {
        return new Step(order, name, endpoint, description);
    }

    static Hooks hooks(WorkflowLimits limits) {
        List<Hook> available = new ArrayList<>();
        for (HookName hook : HookName.values()) {
            available.add(new Hook(hook.wire(), hook.blocking(), limits.hookTimeout(hook).toMillis(), when(hook),
                    hook.description(), hook.executeBefore(), hook.executeAfter()));
        }
        return new Hooks("Hooks run on your machine, never on the server. The server hands out each hook's "
                        + "metadata (name, env, timeout, blocking) and requires its result as proof on the next "
                        + "call. Every hook is blocking: a non-zero exit_code stops the flow and the call is refused.",
                List.copyOf(available), ENVIRONMENT_VARIABLES, List.of(
                        "before_doing: run it, then POST /api/tasks/claim with before_doing_result",
                        "work on the task",
                        "after_doing: run it, then before_review: run it",
                        "PATCH /api/tasks/:id/complete with after_doing_result and before_review_result",
                        "needs_review=false: run after_review immediately (the complete response lists it)",
                        "needs_review=true: wait for the review, run after_review, then PATCH "
                                + "/api/tasks/:id/mark_reviewed with after_review_result",
                        "after_goal: when a complete or mark_reviewed response lists it (the last open child of a "
                                + "goal finished), run it and PATCH /api/tasks/:goal/after_goal with its result"),
                OnboardingExamples.hookResult(HookName.BEFORE_DOING));
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

    /** {@code supervision}: reporting activity, asking and waiting for the answer, and obeying a stop. */
    record Supervision(String report, List<String> kinds, String ask, String stop, String caps) {
    }

    static Supervision supervision() {
        return new Supervision(
                "Every claim opens a session that people watch. Tell them what you do: POST /api/tasks/:id/activities "
                        + "{claim_token, kind, body} (progress also takes progress: {done, total}). Post at most a "
                        + "few times a minute: the start and end of each step, the latest output line every few "
                        + "seconds at most. Never post secrets.",
                List.of("thought", "action", "progress", "error", "question"),
                "Unsure? Post kind question: your session awaits input and your lease does not run out while a "
                        + "person answers. Then GET /api/tasks/:id/activities?after=<your question's id>&wait=30 "
                        + "returns as soon as the answer (kind answer) arrives; repeat with next_after until it "
                        + "does. A person may also send kind instruction at any time: read and follow it.",
                "A person may stop you, with a reason. Then heartbeat, activities, changed_files and complete answer "
                        + "409 stop_requested {by, reason, at} (an activity of kind stop also arrives while you "
                        + "wait). Stop at once: run no further hook, then POST /api/tasks/:id/unclaim with your "
                        + "claim_token; the task returns to Ready. Without that unclaim the server releases your "
                        + "claim after the grace period (2 minutes by default) and your claim_token answers "
                        + "409 stale_claim.",
                "body: at most 4000 characters; a session keeps its latest 1000 activities; 10 posts per second per "
                        + "session; wait: at most 30 seconds. Past a cap: 422 naming it.");
    }

    static ReviewFlow reviewFlow() {
        return new ReviewFlow("A task with needs_review=true goes to Review on complete instead of Done",
                "Stop and wait. Do not claim another task. Listen on GET /api/events for task.reviewed "
                        + "or poll GET /api/tasks/:id until review_status is set",
                "A person or a token with the reviewer flag records the decision: PATCH "
                        + "/api/tasks/:id/review {review_status: approved | changes_requested | rejected, "
                        + "review_notes} (notes required unless approved). An agent cannot approve its own work",
                "Run after_review, then PATCH /api/tasks/:id/mark_reviewed with after_review_result",
                new Outcomes("Done; dependents unblock; after_review (and maybe after_goal) listed",
                        "Back to Doing with the same assignee and a fresh claim: rework, "
                                + "then run the hooks and complete again",
                        "Back to Doing, as for changes_requested"));
    }

    static List<String> commonMistakes() {
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

    static QuickReferenceCard quickReferenceCard(String baseUrl) {
        return new QuickReferenceCard("Authorization: Bearer <API Token>", baseUrl,
                "next -> before_doing -> claim -> work -> after_doing -> before_review -> complete -> "
                        + "(after_review | wait for review -> after_review -> mark_reviewed) -> next",
                "GET /api/tasks/next",
                "POST /api/tasks/claim {identifier, agent_name, before_doing_result}",
                "PATCH /api/tasks/:id/complete {after_doing_result, before_review_result, "
                        + "completion_summary, actual_complexity, actual_files_changed, time_spent_minutes, "
                        + "explorer_result, reviewer_result, workflow_steps}",
                "PATCH /api/tasks/:id/mark_reviewed {after_review_result}",
                "POST /api/tasks/:id/heartbeat",
                "{exit_code, output, duration_ms}");
    }

    /** {@code MANDATORY_SETUP_CHECKLIST}: the steps in order, each under its key {@code STEP_<order>}. */
    static Map<String, ChecklistStep> setupChecklist(String baseUrl) {
        List<String> actions = List.of("Fetch this document: GET " + baseUrl + "/api/agent/onboarding",
                "Create .stride_auth.md from file_templates.stride_auth_md and put your API token in it",
                "Add .stride_auth.md to .gitignore",
                "Create .stride.md from file_templates.stride_md with your project's commands",
                "Check the token: GET " + baseUrl + "/api/me",
                "Read workflow, hooks and json_schemas of this document",
                "Start the loop: GET " + baseUrl + "/api/tasks/next");
        Map<String, ChecklistStep> out = new LinkedHashMap<>();
        for (int i = 0; i < actions.size(); i++) {
            out.put("STEP_" + (i + 1), new ChecklistStep(i + 1, actions.get(i)));
        }
        return java.util.Collections.unmodifiableMap(out);
    }

    /** {@code SETUP_COMPLETION_CONFIRMATION}. */
    static Confirmation confirmation(String baseUrl) {
        return new Confirmation("GET " + baseUrl + "/api/me answers 200 with your user and board, and both files "
                + "exist in the project root");
    }
}
