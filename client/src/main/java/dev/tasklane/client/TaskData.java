package dev.tasklane.client;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Optional;

/**
 * A task (or goal) as the server renders it in {@code data}: typed accessors for the fields the client acts on,
 * and the whole record in {@link #json()} for printing or handing to the agent's command.
 */
public record TaskData(JsonNode json) {

    public TaskData {
        if (json == null || !json.isObject()) {
            throw new IllegalArgumentException("a task is a JSON object");
        }
    }

    public long id() {
        return json.path("id").asLong();
    }

    public String identifier() {
        return text("identifier");
    }

    public String title() {
        return text("title");
    }

    public String type() {
        return text("type");
    }

    /** open, in_progress, review or completed. */
    public String status() {
        return text("status");
    }

    public String priority() {
        return text("priority");
    }

    public boolean needsReview() {
        return json.path("needs_review").asBoolean(false);
    }

    /** The goal this task belongs to, if any. */
    public Optional<Long> parentId() {
        JsonNode parent = json.path("parent_id");
        return parent.isNumber() ? Optional.of(parent.asLong()) : Optional.empty();
    }

    /** approved, changes_requested or rejected once a reviewer decided; empty before. */
    public Optional<String> reviewStatus() {
        return Optional.ofNullable(text("review_status"));
    }

    public String reviewNotes() {
        return text("review_notes");
    }

    /** The claim token, present only on a claim response's task. */
    public Optional<String> claimToken() {
        return Optional.ofNullable(text("claim_token"));
    }

    /** A string field, or null when absent or JSON null. */
    public String text(String field) {
        JsonNode value = json.path(field);
        return value.isMissingNode() || value.isNull() ? null : value.asText();
    }
}
