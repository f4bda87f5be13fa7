package dev.tasklane.adapter.http.onboarding;

import static dev.tasklane.adapter.http.onboarding.Trees.obj;
import static dev.tasklane.adapter.http.onboarding.Trees.with;

import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.validation.CompletionRules;
import java.util.List;
import java.util.Map;

/**
 * The request bodies the onboarding document shows agents: JSON Schema {@code examples}, the
 * {@code required_format} blocks, the quick-start curl bodies and the {@code .stride.md} template all quote
 * these. They are one coherent story (the task example's two acceptance criteria, security consideration and
 * testing strategy are what the reviewer example assesses), so every completion example passes
 * {@code CompletionRules} in strict mode against the task example; the tests prove it.
 */
public final class OnboardingExamples {
    /** The identifier the claim example names; the first work task of a fresh board. */
    public static final String TASK_IDENTIFIER = "W1";
    /** The agent name the examples send. */
    public static final String AGENT_NAME = "Claude Code";

    private static final long BEFORE_DOING_MS = 1_840;
    private static final long AFTER_DOING_MS = 45_210;
    private static final long BEFORE_REVIEW_MS = 2_130;
    private static final long AFTER_REVIEW_MS = 3_020;
    private static final long AFTER_GOAL_MS = 1_200;
    private static final long EXPLORER_MS = 12_000;
    private static final long REVIEWER_MS = 8_000;
    private static final long IMPLEMENTATION_MS = 900_000;
    private static final int TIME_SPENT_MINUTES = 25;
    private static final int CRITERIA = 2;

    private static final String CRITERION_LIMIT = "Five failed logins from one address within a minute answer 429";
    private static final String CRITERION_RESET = "A successful login resets the address's failure counter";
    private static final String SECURITY_CONSIDERATION = "Never log the submitted password or the full token";
    private static final String CHANGED_FILES = "src/auth/LoginController.java,src/auth/LoginRateLimiter.java,"
            + "src/test/auth/LoginRateLimiterTest.java";

    private OnboardingExamples() {
    }

    /** A successful hook result for {@code hook}, as the agent reports it after running the .stride.md section. */
    public static Map<String, Object> hookResult(HookName hook) {
        return obj("exit_code", 0, "output", outputOf(hook), "duration_ms", durationOf(hook));
    }

    private static String outputOf(HookName hook) {
        return switch (hook) {
            case BEFORE_DOING -> "Already up to date.\nDependencies installed.";
            case AFTER_DOING -> "Tests run: 42, Failures: 0, Errors: 0\nLint: no problems";
            case BEFORE_REVIEW -> "Pull request #17 opened";
            case AFTER_REVIEW -> "Merged into main and deployed";
            case AFTER_GOAL -> "Goal release notes written";
        };
    }

    private static long durationOf(HookName hook) {
        return switch (hook) {
            case BEFORE_DOING -> BEFORE_DOING_MS;
            case AFTER_DOING -> AFTER_DOING_MS;
            case BEFORE_REVIEW -> BEFORE_REVIEW_MS;
            case AFTER_REVIEW -> AFTER_REVIEW_MS;
            case AFTER_GOAL -> AFTER_GOAL_MS;
        };
    }

    /** The task object (inside the {@code task} root key) of a well-formed work task. */
    public static Map<String, Object> task() {
        return obj(
                "title", "Rate-limit failed logins per client address",
                "type", "work",
                "priority", "high",
                "complexity", "medium",
                "needs_review", false,
                "description", "Brute-force attempts on /login are not throttled. Count failures per address and "
                        + "answer 429 with Retry-After once the limit is reached.",
                "why", "Stops password guessing against the login endpoint",
                "what", "A per-address failure counter in front of the login handler",
                "where_context", "src/auth",
                "acceptance_criteria", CRITERION_LIMIT + "\n" + CRITERION_RESET,
                "key_files", List.of(
                        obj("file_path", "src/auth/LoginController.java", "note", "call the limiter first",
                                "position", 0),
                        obj("file_path", "src/auth/LoginRateLimiter.java", "note", "new class", "position", 1)),
                "verification_steps", List.of(
                        obj("step_type", "command", "step_text", "mvn -q test -Dtest=LoginRateLimiterTest",
                                "expected_result", "Tests run, 0 failures", "position", 0),
                        obj("step_type", "manual", "step_text", "Fail six logins in a row with curl",
                                "expected_result", "The sixth answers 429 with a Retry-After header",
                                "position", 1)),
                "testing_strategy", obj(
                        "unit_tests", List.of("limit reached after five failures", "success resets the counter"),
                        "edge_cases", List.of("two addresses do not share a counter"),
                        "coverage_target", "every branch of LoginRateLimiter"),
                "patterns_to_follow", "Inject a java.time.Clock; never call Instant.now() directly",
                "pitfalls", List.of("Do not count successful logins", "Do not key the counter on the username"),
                "security_considerations", List.of(SECURITY_CONSIDERATION),
                "out_of_scope", List.of("CAPTCHA", "account lockout"),
                "technology_requirements", List.of("Java 17"),
                "required_capabilities", List.of("code_generation", "testing"),
                "estimated_files", "2-3",
                "dependencies", List.of());
    }

    /** {@code POST /api/tasks} body for one task. */
    public static Map<String, Object> createTask() {
        return obj("task", task());
    }

    /** A goal object with two nested tasks, the second depending on the first by its 0-based index. */
    public static Map<String, Object> goal() {
        return obj(
                "title", "Harden authentication",
                "type", "goal",
                "priority", "high",
                "description", "Throttle brute force and expire idle sessions",
                "tasks", List.of(
                        with(task(), "dependencies", List.of()),
                        obj("title", "Expire sessions idle for 30 minutes",
                                "type", "work",
                                "priority", "medium",
                                "complexity", "small",
                                "acceptance_criteria", "A session idle for 30 minutes is rejected with 401",
                                "key_files", List.of(obj("file_path", "src/auth/SessionStore.java", "position", 0)),
                                "verification_steps", List.of(obj("step_type", "command",
                                        "step_text", "mvn -q test -Dtest=SessionStoreTest", "position", 0)),
                                "dependencies", List.of(0))));
    }

    /** {@code POST /api/tasks} body for a goal with nested tasks. */
    public static Map<String, Object> createGoal() {
        return obj("task", goal());
    }

    /** {@code POST /api/tasks/batch} body: root key {@code goals}, never {@code tasks}. */
    public static Map<String, Object> batch() {
        Map<String, Object> second = obj(
                "title", "Document the API",
                "type", "goal",
                "priority", "low",
                "tasks", List.of(obj("title", "Write the authentication guide", "type", "work", "priority", "low",
                        "required_capabilities", List.of("documentation"),
                        "key_files", List.of(obj("file_path", "docs/auth.md", "position", 0)))));
        return obj("goals", List.of(goal(), second));
    }

    /** {@code POST /api/tasks/claim} body. */
    public static Map<String, Object> claim() {
        return obj("identifier", TASK_IDENTIFIER, "agent_name", AGENT_NAME,
                "before_doing_result", hookResult(HookName.BEFORE_DOING));
    }

    /** {@code POST /api/tasks/:id/comments} bodies. */
    public static List<Map<String, Object>> comments() {
        return List.of(obj("body", "The limiter resets on restart; is that acceptable for this task?\nSee the pitfalls."));
    }

    /** {@code PATCH /api/tasks/:id/review} bodies: an approval, and a request for changes with its notes. */
    public static List<Map<String, Object>> reviews() {
        return List.of(obj("review_status", "approved", "review_notes", "Limiter and tests look right"),
                obj("review_status", "changes_requested",
                        "review_notes", "Key the failure counter on the address only, as the pitfalls say"));
    }

    /** explorer_result, dispatched shape. */
    public static Map<String, Object> explorerDispatched() {
        return obj("dispatched", true,
                "summary", "Mapped the login flow: LoginController delegates to AuthService; no existing limiter; "
                        + "Clock is injected in SessionStore, reuse that pattern.",
                "duration_ms", EXPLORER_MS);
    }

    /** explorer_result or reviewer_result, skipped shape. */
    public static Map<String, Object> skipped(String reason) {
        return obj("dispatched", false, "reason", reason,
                "summary", "Skipped: this client has no sub-agents, so the step ran inline in the main session; "
                        + "its findings are in the completion notes.");
    }

    /** reviewer_result, dispatched shape with every structured field, approving the task example. */
    public static Map<String, Object> reviewerApproved() {
        return obj("dispatched", true,
                "summary", "Reviewed the diff against both acceptance criteria, the pitfalls and the security "
                        + "consideration; no issues found.",
                "duration_ms", REVIEWER_MS,
                "acceptance_criteria_checked", CRITERIA,
                "issues_found", 0,
                "status", "approved",
                "issue_counts", obj("critical", 0, "important", 0, "minor", 0),
                "issues", List.of(),
                "acceptance_criteria", List.of(
                        obj("criterion", CRITERION_LIMIT, "status", "met",
                                "evidence", "LoginRateLimiterTest.limitReachedAfterFiveFailures"),
                        obj("criterion", CRITERION_RESET, "status", "met",
                                "evidence", "LoginRateLimiterTest.successResetsCounter")),
                "project_checks", List.of(),
                "testing_strategy", obj("status", "passed", "note", ""),
                "patterns", obj("status", "passed"),
                "pitfalls", obj("status", "passed"),
                "security_considerations", obj("status", "passed",
                        "considerations", List.of(obj("consideration", SECURITY_CONSIDERATION,
                                "status", "mitigated", "evidence", "LoginController.java:58"))),
                "schema_version", "1.0");
    }

    /** reviewer_result, dispatched shape, requesting changes with a failed section and a matching issue. */
    public static Map<String, Object> reviewerChangesRequested() {
        return with(reviewerApproved(),
                "summary", "Both criteria are met, but the limiter keys the counter on the username as well, "
                        + "which the pitfalls forbid.",
                "issues_found", 1,
                "status", "changes_requested",
                "issue_counts", obj("critical", 0, "important", 1, "minor", 0),
                "issues", List.of(obj("severity", "important", "category", "pitfall",
                        "file", "src/auth/LoginRateLimiter.java", "line", 31,
                        "description", "The counter key concatenates the username with the address",
                        "suggested_fix", "Key the counter on the client address only")),
                "pitfalls", obj("status", "failed",
                        "note", "LoginRateLimiter keys failures on username plus address"));
    }

    /** workflow_steps: the six steps in order, one skipped with a reason. */
    public static List<Object> workflowSteps() {
        return List.of(
                obj("name", "explorer", "dispatched", true, "duration_ms", EXPLORER_MS),
                obj("name", "planner", "dispatched", false, "reason", "The task's key files and steps were the plan",
                        "reason_code", "subsumed_by_task_spec"),
                obj("name", "implementation", "dispatched", true, "duration_ms", IMPLEMENTATION_MS),
                obj("name", "reviewer", "dispatched", true, "duration_ms", REVIEWER_MS),
                obj("name", "after_doing", "dispatched", true, "duration_ms", AFTER_DOING_MS),
                obj("name", "before_review", "dispatched", true, "duration_ms", BEFORE_REVIEW_MS));
    }

    /** {@code PATCH /api/tasks/:id/complete} body with dispatched explorer and reviewer. */
    public static Map<String, Object> complete() {
        return obj("agent_name", AGENT_NAME,
                "time_spent_minutes", TIME_SPENT_MINUTES,
                "actual_complexity", "medium",
                "completion_summary", "Added LoginRateLimiter (5 failures per minute per address) in front of login",
                "completion_notes", "The limit and window are constants in LoginRateLimiter; the clock is injected.",
                "actual_files_changed", CHANGED_FILES,
                "after_doing_result", hookResult(HookName.AFTER_DOING),
                "before_review_result", hookResult(HookName.BEFORE_REVIEW),
                "explorer_result", explorerDispatched(),
                "reviewer_result", reviewerApproved(),
                "workflow_steps", workflowSteps());
    }

    /** {@code PATCH /api/tasks/:id/complete} body from a client without sub-agents (both results skipped). */
    public static Map<String, Object> completeSkipped() {
        return with(complete(),
                "explorer_result", skipped(CompletionRules.SKIP_REASONS.get(0)),
                "reviewer_result", skipped(CompletionRules.SKIP_REASONS.get(0)));
    }

    /** {@code PATCH /api/tasks/:id/mark_reviewed} body. */
    public static Map<String, Object> markReviewed() {
        return obj("after_review_result", hookResult(HookName.AFTER_REVIEW));
    }

    /** {@code PATCH /api/tasks/:goal/after_goal} body: the hook result itself, no wrapper key. */
    public static Map<String, Object> afterGoal() {
        return hookResult(HookName.AFTER_GOAL);
    }
}
