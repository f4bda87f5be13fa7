package dev.tasklane.adapter.http.onboarding;

import java.util.List;

/** The {@code api_reference} section: every endpoint an agent uses, grouped as the existing server groups them. */
final class ApiReference {
    /** The tools of the MCP endpoint, by the names agent instructions rely on (docs/mcp.md, "Tools"). */
    static final List<String> MCP_TOOLS = List.of("workflow_guide", "next_task", "claim_task", "heartbeat",
            "release_task", "report_changed_files", "complete_task", "mark_reviewed", "report_after_goal", "get_task",
            "list_tasks", "create_tasks", "post_activity", "await_answer", "get_session", "get_targets");

    private ApiReference() {
    }

    /** {@code api_reference}; its components are its keys, in order (written snake_case). */
    record Reference(String baseUrl, Authentication authentication, Mcp mcp, Retries retries, Endpoints endpoints) {
    }

    record Authentication(String header, List<String> exempt, String identity) {
    }

    /** The MCP endpoint: where, which revisions, which tools, the stdio bridge. */
    record Mcp(String endpoint, String transport, String authentication, List<String> tools, String resource,
               String stdioBridge, String documentation) {
    }

    record Retries(String idempotencyKey, String unavailable) {
    }

    /** The endpoints by group, as the existing server groups them. */
    record Endpoints(List<Endpoint> discovery, List<Endpoint> creation, List<Endpoint> management,
                     List<Endpoint> workflow, List<Endpoint> review, List<Endpoint> identity) {
    }

    record Endpoint(String method, String path, String purpose) {
    }

    static Reference reference(String baseUrl) {
        return new Reference(baseUrl,
                new Authentication("Authorization: Bearer <API Token>",
                        List.of("GET /api/agent/onboarding", "GET /health", "GET /health/ready"),
                        "GET /api/me shows the token's user, board, capabilities and reviewer flag"),
                new Mcp(baseUrl + "/mcp",
                        "MCP over Streamable HTTP, revisions 2025-03-26, 2025-06-18 and 2025-11-25",
                        "The same Authorization: Bearer <API Token>; the same boards, "
                                + "capabilities, caps and answers as this API",
                        MCP_TOOLS,
                        "tasklane://onboarding is this document",
                        "tasklane mcp --url " + baseUrl + " --token <API Token> (or TASKLANE_URL, "
                                + "TASKLANE_TOKEN, .stride_auth.md) for clients that speak stdio only",
                        "docs/mcp.md"),
                new Retries(
                        "Send an Idempotency-Key header (a new UUID per request, the same one "
                                + "when you retry it) on every write: a retry replays the first answer instead of "
                                + "running twice, on any server; 422 if the key was used for another request, 409 "
                                + "while the first is still running. Keys belong to your token and are kept 24 h.",
                        "503 with Retry-After means the database is unreachable: wait that many "
                                + "seconds and retry with the same Idempotency-Key."),
                new Endpoints(
                        List.of(
                                endpoint("GET", "/api/agent/onboarding", "This document (no auth)"),
                                endpoint("GET", "/api/tasks/next", "The next claimable task for you"),
                                endpoint("GET", "/api/tasks", "List tasks (filters status, type, priority, column, "
                                        + "assigned_to_id, parent, q, updated_since; sort; limit; cursor)"),
                                endpoint("GET", "/api/tasks/:id", "One task by id or identifier"),
                                endpoint("GET", "/api/tasks/:id/tree", "A goal with its children"),
                                endpoint("GET", "/api/tasks/:id/history", "A task's history"),
                                endpoint("GET", "/api/events", "Server-Sent Events of the board's tasks "
                                        + "(Last-Event-ID resumes)")),
                        List.of(
                                endpoint("POST", "/api/tasks", "Create a task, or a goal with nested tasks "
                                        + "(root key task)"),
                                endpoint("POST", "/api/tasks/batch", "Create several goals atomically (root key goals)")),
                        List.of(
                                endpoint("PATCH", "/api/tasks/:id", "Update descriptive fields"),
                                endpoint("PATCH", "/api/tasks/:id/assign", "Assign a task or goal "
                                        + "{assigned_to_id}; a goal cascades to its open children")),
                        List.of(
                                endpoint("POST", "/api/tasks/claim", "Claim with before_doing_result"),
                                endpoint("POST", "/api/tasks/:id/heartbeat", "Extend your claim"),
                                endpoint("POST", "/api/tasks/:id/unclaim", "Release your claim"),
                                endpoint("PATCH", "/api/tasks/:id/complete", "Complete with after_doing_result, "
                                        + "before_review_result and the completion report"),
                                endpoint("PUT", "/api/tasks/:id/changed_files", "Upload the per-file diff snapshot"),
                                endpoint("PATCH", "/api/tasks/:id/mark_reviewed", "Finalize a reviewed task with "
                                        + "after_review_result"),
                                endpoint("GET", "/api/tasks/:id/after_goal_status", "Whether a goal's after_goal "
                                        + "is armed"),
                                endpoint("PATCH", "/api/tasks/:id/after_goal", "Report a goal's after_goal result"),
                                endpoint("POST", "/api/tasks/:id/activities", "Report what you do, or ask "
                                        + "(kind question); with claim_token"),
                                endpoint("GET", "/api/tasks/:id/activities", "Your session's activities after an id; "
                                        + "wait=<s> (at most 30) returns as soon as an answer arrives"),
                                endpoint("GET", "/api/tasks/:id/session", "Your session: state and stop_requested")),
                        List.of(
                                endpoint("PATCH", "/api/tasks/:id/review", "Record a review decision (reviewer "
                                        + "tokens only)"),
                                endpoint("PATCH", "/api/tasks/:id/mark_done", "A person's bypass for tasks in "
                                        + "Review whose agent never came back"),
                                endpoint("POST", "/api/tasks/:id/stop", "A person stops the agent working on a "
                                        + "task {reason}; answers and instructions: POST /api/tasks/:id/activities")),
                        List.of(
                                endpoint("GET", "/api/me", "Who the token is"),
                                endpoint("POST", "/api/tokens", "Create a token (shown once)"),
                                endpoint("DELETE", "/api/tokens/:id", "Revoke a token"))));
    }

    private static Endpoint endpoint(String method, String path, String purpose) {
        return new Endpoint(method, path, purpose);
    }
}
