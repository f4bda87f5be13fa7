package dev.tasklane.adapter.http.openapi;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import java.util.List;

/**
 * The shapes of the request bodies that the routes read from a decoded JSON object key by key (edit, unclaim and
 * heartbeat, changed files, board settings, mark_done) and so have no record of their own, as records, so that the
 * OpenAPI document can generate their schemas ({@link WireSchemas}). They state what the routes accept
 * (docs/api.md); the routes' own checks stay the authority on what is refused and with which message. Assign has a
 * record the route binds ({@code AssignBody}), but it cannot say that {@code assigned_to_id} must be sent and may be
 * null without changing what Jackson refuses, so its shape is stated here.
 */
public final class Requests {
    private Requests() {
    }

    /** PATCH or PUT /api/tasks/:id: the fields to change under {@code task} (the task object's fields, all optional). */
    public record TaskEdit(@NotNull ObjectNode task) {
    }

    /** PATCH /api/tasks/:id/assign: a user id, or null to unassign (a goal's children follow it). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Assign(@JsonProperty(required = true) @MayBeNull Long assignedToId) {
    }

    /** POST /api/tasks/:id/unclaim and /heartbeat: the claim's token, when the claim was made with one. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record ClaimTokenBody(String claimToken) {
    }

    /** PUT /api/tasks/:id/changed_files: the snapshot of changed files (a bare JSON array of them is accepted too). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record ChangedFiles(@NotNull List<ChangedFileBody> changedFiles, String claimToken, String responseView) {
    }

    /** One changed file: its path and its unified diff; other keys are kept as sent. */
    public record ChangedFileBody(@NotNull String path, String diff) {
    }

    /** PATCH /api/boards/:id: a new name and/or the WIP limits ({@code null} or {@code {}} for none). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record BoardChange(String name, @MayBeNull WipLimits wipLimits) {
    }

    /** The WIP limit on Doing. */
    public record WipLimits(@Min(1) Integer doing) {
    }

    /** A body with nothing to say: an empty JSON object (PATCH /api/tasks/:id/mark_done). */
    public record Empty() {
    }
}
