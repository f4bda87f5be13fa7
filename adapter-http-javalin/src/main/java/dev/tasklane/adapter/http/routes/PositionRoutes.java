package dev.tasklane.adapter.http.routes;

import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.adapter.http.pipeline.Call;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.adapter.http.wire.TaskAnswer.FullTask;
import dev.tasklane.adapter.http.wire.TaskAnswer.Envelope;
import dev.tasklane.adapter.http.wire.PositionBody;
import dev.tasklane.application.port.in.ReorderUseCase.Placement;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.in.ReorderUseCase;
import io.javalin.http.HandlerType;

import java.util.List;

/**
 * {@code PATCH /api/tasks/:id/position}: places a Ready task right before or after another Ready task of its priority
 * (docs/api.md, "Ordering Ready"). The body is the typed {@link PositionBody}.
 */
public final class PositionRoutes {
    private final ReorderUseCase reorder;

    public PositionRoutes(ReorderUseCase reorder) {
        this.reorder = reorder;
    }

    public List<Route> routes() {
        return List.of(Route.needs(Scope.WORK, HandlerType.PATCH, "/api/tasks/{id}/position",
                "Place a Ready task before or after another Ready task of its priority (the order next hands out)",
                this::move).refusingBeforeFields());
    }

    private void move(Call call) {
        PositionBody body = call.bind(PositionBody.CHECKS, PositionBody.class);
        boolean before = body.before() != null && !body.before().isBlank();
        boolean after = body.after() != null && !body.after().isBlank();
        if (before == after) {
            throw RequestRefused.invalid("body", "must name exactly one of before and after, for example {\"before\": \"W12\"}");
        }
        TaskView view = reorder.move(call.actor(), call.ref(),
                new Placement(before ? body.before().strip() : body.after().strip(), before));
        call.ok(Envelope.data(FullTask.of(view, call.board())).skills());
    }
}
