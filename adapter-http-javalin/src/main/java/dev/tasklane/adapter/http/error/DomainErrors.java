package dev.tasklane.adapter.http.error;

import dev.tasklane.adapter.http.error.ErrorBody.Details;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.validation.Failure;
import dev.tasklane.domain.validation.FieldError;
import dev.tasklane.domain.validation.FieldErrors;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The domain's error values as parts of an {@link ErrorBody} (docs/api.md, "Errors"): the {@code details} of an
 * error, the changeset family's {@code errors} tree and the failures family's entries. The domain keeps these as
 * typed values; only the records of {@link ErrorBody} know their JSON keys.
 */
public final class DomainErrors {
    private DomainErrors() {
    }

    /** The {@code details} object of an error body; null for {@link ErrorDetails#NONE}, which writes no key. */
    public static Details details(ErrorDetails details) {
        if (details instanceof ErrorDetails.Field field) {
            return new Details.Field(field.field());
        } else if (details instanceof ErrorDetails.SqlState state) {
            return new Details.SqlState(state.sqlstate());
        } else if (details instanceof ErrorDetails.CurrentStatus status) {
            return new Details.CurrentStatus(status.status());
        } else if (details instanceof ErrorDetails.UnclaimableType type) {
            return new Details.UnclaimableType(type.type());
        } else if (details instanceof ErrorDetails.BlockedBy blocked) {
            return new Details.BlockedBy(texts(blocked.identifiers()));
        } else if (details instanceof ErrorDetails.Tasks tasks) {
            return new Details.Tasks(texts(tasks.identifiers()));
        } else if (details instanceof ErrorDetails.WipLimit wip) {
            return new Details.WipLimit(wip.limit(), wip.heldBy());
        } else if (details instanceof ErrorDetails.KeyFileHeld held) {
            return new Details.KeyFileHeld(held.filePath(), held.heldBy(), held.heldByAgent());
        } else if (details instanceof ErrorDetails.AssignedElsewhere assigned) {
            return new Details.AssignedElsewhere(assigned.assignedToId().value());
        } else if (details instanceof ErrorDetails.MissingCapabilities missing) {
            return new Details.MissingCapabilities(missing.capabilities());
        } else if (details instanceof ErrorDetails.ClaimHeld claim) {
            return new Details.ClaimHeld(claim.status(), claim.heldByAgent(), UserId.valueOrNull(claim.heldByUserId()),
                    claim.claimExpiresAt() == null ? null : claim.claimExpiresAt().toString());
        } else if (details instanceof ErrorDetails.ChangedTask task) {
            return new Details.ChangedTask(task.taskId().value());
        } else if (details instanceof ErrorDetails.RetryAfter retry) {
            return new Details.RetryAfter(retry.seconds());
        } else if (details instanceof ErrorDetails.Hook hook) {
            return new Details.Hook(hook.hook());
        } else if (details instanceof ErrorDetails.BatchIndex batch) {
            return new Details.BatchIndex(batch.index());
        } else if (details instanceof ErrorDetails.StopRequested stop) {
            return new Details.StopRequested(stop.byUsername(), stop.byUserId().value(), stop.reason(),
                    stop.at().toString());
        } else if (details instanceof ErrorDetails.Cap cap) {
            return new Details.Cap(cap.cap(), cap.max());
        } else if (details instanceof ErrorDetails.None) {
            return null;
        }
        // Java 17 has no exhaustive switch over a sealed type: DomainErrorsTest renders every permitted record
        throw new IllegalStateException("no wire shape for " + details.getClass().getName());
    }

    /**
     * The changeset family's tree: {@code {field: [message | [row, ...]]}}. A field whose only entry is a row list
     * is that list directly, as Ecto's traverse_errors does.
     */
    public static ErrorBody.ByField fieldErrors(FieldErrors errors) {
        Map<String, List<?>> out = new LinkedHashMap<>();
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
        return new ErrorBody.ByField(out);
    }

    private static List<ErrorBody.ByField> rows(FieldErrors.Rows rows) {
        return rows.rows().stream().map(DomainErrors::fieldErrors).toList();
    }

    /** One entry of a failures body: {@code {"field": ..., "errors": [{"field", "message"}, ...]}}. */
    public static ErrorBody.Failure failure(Failure failure) {
        return new ErrorBody.Failure(failure.field(), failure.errors().stream().map(DomainErrors::fieldError).toList());
    }

    public static ErrorBody.FieldMessage fieldError(FieldError error) {
        return new ErrorBody.FieldMessage(error.field(), error.message());
    }

    private static List<String> texts(List<TaskIdentifier> identifiers) {
        return identifiers.stream().map(TaskIdentifier::toString).toList();
    }
}
