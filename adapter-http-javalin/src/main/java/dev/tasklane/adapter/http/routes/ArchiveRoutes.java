package dev.tasklane.adapter.http.routes;

import dev.tasklane.application.port.in.PartKeys;
import dev.tasklane.adapter.http.pipeline.Call;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.wire.TaskAnswer.FullTask;
import dev.tasklane.adapter.http.wire.TaskAnswer.Envelope;
import dev.tasklane.adapter.http.wire.ArchiveBody;
import dev.tasklane.application.port.in.ArchiveUseCase.Deleted;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.in.ArchiveUseCase;
import dev.tasklane.domain.archive.ArchiveRequest;
import io.javalin.http.HandlerType;

import java.util.List;

/**
 * Archive, restore and delete (docs/api.md, "Archive, restore and delete"). The body is bound to a typed record; the
 * rules are the domain's, reached through {@code ArchiveUseCase}.
 */
public final class ArchiveRoutes {
    /** The literal segments under /api/tasks that are routes, never task ids. */
    private static final java.util.Set<String> LITERALS = java.util.Set.of("next", "claim", "batch");

    private final ArchiveUseCase archives;

    public ArchiveRoutes(ArchiveUseCase archives) {
        this.archives = archives;
    }

    /** The answer of {@code DELETE /api/tasks/:id}: the identifiers deleted, children first. */
    record DeletedAnswer(List<String> deleted) {
    }

    public List<Route> routes() {
        return List.of(
                Route.needs(Scope.WORK, HandlerType.POST, "/api/tasks/{id}/archive",
                        "Archive a task, or a goal with its children, with a reason", this::archive).refusingBeforeFields(),
                Route.needs(Scope.WORK, HandlerType.POST, "/api/tasks/{id}/restore",
                        "Restore an archived task (and a goal's children archived with it) where it was", this::restore),
                Route.needs(Scope.BOARD_ADMIN, HandlerType.DELETE, "/api/tasks/{id}",
                        "Delete a Ready or archived task nothing depends on, or a goal with its children (board owner)",
                        this::delete));
    }

    private void archive(Call call) {
        ArchiveBody body = call.bind(ArchiveBody.CHECKS, ArchiveBody.class);
        ArchiveRequest request = ArchiveRequest.of(body.reason(), body.note(), body.duplicateOf(), PartKeys.NAMES);
        TaskView view = archives.archive(call.actor(), call.ref(), request);
        call.ok(Envelope.data(FullTask.of(view, call.board())));
    }

    private void restore(Call call) {
        TaskView view = archives.restore(call.actor(), call.ref());
        call.ok(Envelope.data(FullTask.of(view, call.board())));
    }

    private void delete(Call call) {
        if (LITERALS.contains(call.ctx().pathParam("id"))) {
            // next, claim and batch are never ids: DELETE on them is a method those routes do not have
            throw RequestRefused.methodNotAllowed();
        }
        Deleted deleted = archives.delete(call.actor(), call.ref());
        call.ok(Envelope.data(new DeletedAnswer(deleted.identifiers())));
    }
}
