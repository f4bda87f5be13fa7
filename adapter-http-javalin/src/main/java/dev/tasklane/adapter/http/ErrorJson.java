package dev.tasklane.adapter.http;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.validation.FieldError;
import dev.tasklane.domain.validation.FieldErrors;
import dev.tasklane.domain.validation.Failure;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The wire shapes of the domain's error values (docs/api.md, "Errors"): the {@code details} object of an
 * error, the changeset family's {@code errors} tree and the failures family's entries. The domain keeps
 * these as typed values; only this class knows their JSON keys.
 */
final class ErrorJson {
    private ErrorJson() {
    }

    /** The {@code details} object of an error body; empty for {@link ErrorDetails#NONE}, which renders no key. */
    static Map<String, Object> details(ErrorDetails details) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (details instanceof ErrorDetails.Field field) {
            out.put("field", field.field());
        } else if (details instanceof ErrorDetails.SqlState state) {
            out.put("sqlstate", state.sqlstate());
        } else if (details instanceof ErrorDetails.CurrentStatus status) {
            out.put("status", status.status());
        } else if (details instanceof ErrorDetails.UnclaimableType type) {
            out.put("type", type.type());
        } else if (details instanceof ErrorDetails.BlockedBy blocked) {
            out.put("blocked_by", blocked.identifiers());
        } else if (details instanceof ErrorDetails.Tasks tasks) {
            out.put("tasks", tasks.identifiers());
        } else if (details instanceof ErrorDetails.WipLimit wip) {
            out.put("wip_limit", wip.limit());
            out.put("held_by", wip.heldBy());
        } else if (details instanceof ErrorDetails.KeyFileHeld held) {
            out.put("file_path", held.filePath());
            out.put("held_by", held.heldBy());
            out.put("held_by_agent", held.heldByAgent());
        } else if (details instanceof ErrorDetails.AssignedElsewhere assigned) {
            out.put("assigned_to_id", assigned.assignedToId().value());
        } else if (details instanceof ErrorDetails.MissingCapabilities missing) {
            out.put("missing_capabilities", missing.capabilities());
        } else if (details instanceof ErrorDetails.ClaimHeld claim) {
            out.put("status", claim.status());
            out.put("held_by_agent", claim.heldByAgent());
            out.put("held_by_user_id", UserId.valueOrNull(claim.heldByUserId()));
            out.put("claim_expires_at", claim.claimExpiresAt() == null ? null : claim.claimExpiresAt().toString());
        } else if (details instanceof ErrorDetails.ChangedTask task) {
            out.put("task_id", task.taskId().value());
        } else if (details instanceof ErrorDetails.RetryAfter retry) {
            out.put("retry_after", retry.seconds());
        } else if (details instanceof ErrorDetails.Hook hook) {
            out.put("hook", hook.hook());
        } else if (details instanceof ErrorDetails.BatchIndex batch) {
            out.put("index", batch.index());
        } else if (!(details instanceof ErrorDetails.None)) {
            // Java 17 has no exhaustive switch over a sealed type: ErrorJsonTest renders every permitted record
            throw new IllegalStateException("no wire shape for " + details.getClass().getName());
        }
        return out;
    }

    /**
     * The changeset family's tree: {@code {field: [message | [rowMap, ...]]}}. A field whose only entry is a
     * row list renders as that list directly, as Ecto's traverse_errors does.
     */
    static Map<String, Object> fieldErrors(FieldErrors errors) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (String field : errors.fields()) {
            List<FieldErrors.Entry> entries = errors.entries(field);
            if (entries.size() == 1 && entries.get(0) instanceof FieldErrors.Rows rows) {
                out.put(field, rows(rows));
                continue;
            }
            List<Object> rendered = new ArrayList<>();
            for (FieldErrors.Entry entry : entries) {
                rendered.add(entry instanceof FieldErrors.Rows rows ? rows(rows) : ((FieldErrors.Message) entry).text());
            }
            out.put(field, Collections.unmodifiableList(rendered));
        }
        return Collections.unmodifiableMap(out);
    }

    private static List<Object> rows(FieldErrors.Rows rows) {
        List<Object> out = new ArrayList<>();
        for (FieldErrors row : rows.rows()) {
            out.add(fieldErrors(row));
        }
        return Collections.unmodifiableList(out);
    }

    /** One entry of a failures body: {@code {"field": ..., "errors": [{"field", "message"}, ...]}}. */
    static Map<String, Object> failure(Failure failure) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("field", failure.field());
        out.put("errors", failure.errors().stream().map(ErrorJson::fieldError).toList());
        return out;
    }

    static Map<String, Object> fieldError(FieldError error) {
        return Map.of("field", error.field(), "message", error.message());
    }
}
