package dev.tasklane.adapter.http;

import dev.tasklane.application.edge.WireParts;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.wire.Envelope;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.tasklane.application.port.in.ArchiveUseCase.Deleted;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.in.ArchiveUseCase;
import dev.tasklane.domain.agent.BoardAccess;
import dev.tasklane.domain.archive.ArchiveRequest;
import io.javalin.http.HandlerType;

import java.util.List;
import java.util.Map;

/**
 * Archive, restore and delete (docs/api.md, "Archive, restore and delete"). The body is bound to a typed record; the
 * rules are the domain's, reached through {@code ArchiveUseCase}.
 */
final class ArchiveRoutes {
    /** The literal segments under /api/tasks that are routes, never task ids. */
    private static final java.util.Set<String> LITERALS = java.util.Set.of("next", "claim", "batch");

    private final ArchiveUseCase archives;
    private final Json json;

    ArchiveRoutes(ArchiveUseCase archives, Json json) {
        this.archives = archives;
        this.json = json;
    }

    /** The body of {@code POST /api/tasks/:id/archive}. */
    record ArchiveBody(String reason, String note, @JsonProperty("duplicate_of") String duplicateOf) {
    }

    /** The answer of {@code DELETE /api/tasks/:id}: the identifiers deleted, children first. */
    record DeletedAnswer(List<String> deleted) {
    }

    List<Route> routes() {
        return List.of(
                Route.authed(HandlerType.POST, "/api/tasks/{id}/archive",
                        "Archive a task, or a goal with its children, with a reason", this::archive),
                Route.authed(HandlerType.POST, "/api/tasks/{id}/restore",
                        "Restore an archived task (and a goal's children archived with it) where it was", this::restore),
                Route.authed(HandlerType.DELETE, "/api/tasks/{id}",
                        "Delete a Ready or archived task nothing depends on, or a goal with its children (board owner)",
                        this::delete));
    }

    private void archive(Call call) {
        Map<String, Object> raw = call.object();
        BoardAccess.requireWrite(call.actor());
        ArchiveBody body = bind(raw);
        ArchiveRequest request = ArchiveRequest.of(body.reason(), body.note(), body.duplicateOf(), WireParts.WIRE);
        TaskView view = archives.archive(call.actor(), call.ref(), request);
        call.ok(Envelope.data(TaskViews.full(view, call.board())));
    }

    private void restore(Call call) {
        TaskView view = archives.restore(call.actor(), call.ref());
        call.ok(Envelope.data(TaskViews.full(view, call.board())));
    }

    private void delete(Call call) {
        if (LITERALS.contains(call.ctx().pathParam("id"))) {
            // next, claim and batch are never ids: DELETE on them is a method those routes do not have
            throw RequestRefused.methodNotAllowed();
        }
        Deleted deleted = archives.delete(call.actor(), call.ref());
        call.ok(Envelope.data(new DeletedAnswer(deleted.identifiers())));
    }

    private ArchiveBody bind(Map<String, Object> raw) {
        for (String key : List.of("reason", "note", "duplicate_of")) {
            Object value = raw.get(key);
            if (value != null && !(value instanceof String)) {
                throw RequestRefused.invalid(key, "must be a string");
            }
        }
        return json.mapper().convertValue(raw, ArchiveBody.class);
    }
}
