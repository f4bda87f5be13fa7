package dev.tasklane.adapter.http;

import java.util.Set;

/** The exact key sets clients read (docs/api.md, "Task renders"), plus Tasklane's blocked/blocked_by. */
final class Keys {
    static final Set<String> FULL = Set.of("id", "title", "description", "acceptance_criteria", "position", "type",
            "priority", "identifier", "column_id", "assigned_to_id", "parent_id", "complexity", "estimated_files", "why",
            "what", "where_context", "patterns_to_follow", "database_changes", "validation_rules", "telemetry_event",
            "metrics_to_track", "logging_requirements", "error_user_message", "error_on_failure", "key_files",
            "verification_steps", "behaviour_test_matrix", "technology_requirements", "pitfalls", "out_of_scope",
            "security_considerations", "testing_strategy", "integration_points", "technical_details", "created_by_id",
            "created_by_agent", "completed_at", "completed_by_id", "completed_by_agent", "completion_summary",
            "completion_notes", "dependencies", "status", "claimed_at", "claim_expires_at", "required_capabilities",
            "actual_complexity", "actual_files_changed", "changed_files", "time_spent_minutes", "human_task",
            "needs_review", "review_status", "review_notes", "review_report", "workflow_steps", "explorer_result",
            "reviewer_result", "reviewed_at", "reviewed_by_id", "inserted_at", "updated_at", "blocked", "blocked_by",
            "archived_at", "archive_reason", "archive_note", "archived_by_id", "duplicate_of");
    static final Set<String> SUMMARY = Set.of("id", "identifier", "title", "type", "status", "priority", "complexity",
            "dependencies", "created_by_agent", "parent_id", "claim_expires_at", "blocked", "blocked_by");
    static final Set<String> ACK = Set.of("id", "identifier", "title", "status", "parent_id", "needs_review",
            "review_status", "complexity", "priority");
    static final Set<String> GOAL = Set.of("id", "identifier", "title", "description", "status", "priority",
            "complexity", "type", "created_by_id", "created_by_agent", "column_id", "inserted_at", "updated_at");
    static final Set<String> HOOK = Set.of("name", "env", "timeout", "blocking", "execute_before", "execute_after",
            "description");

    private Keys() {
    }
}
