package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.wire.Envelope;
import dev.tasklane.application.port.in.ReorderUseCase.Placement;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.in.ReorderUseCase;
import dev.tasklane.domain.agent.BoardAccess;
import dev.tasklane.domain.validation.Limit;
import io.javalin.http.HandlerType;

import java.util.List;
import java.util.Map;

/**
 * {@code PATCH /api/tasks/:id/position}: places a Ready task right before or after another Ready task of its priority
 * (docs/api.md, "Ordering Ready"). The body is the typed {@link PositionBody}.
 */
final class PositionRoutes {
    private final ReorderUseCase reorder;
    private final Json json;

    PositionRoutes(ReorderUseCase reorder, Json json) {
        this.reorder = reorder;
        this.json = json;
    }

    /** Exactly one of {@code before} and {@code after}: the identifier of a Ready task of the same board. */
    record PositionBody(String before, String after) {
    }

    List<Route> routes() {
        return List.of(Route.authed(HandlerType.PATCH, "/api/tasks/{id}/position",
                "Place a Ready task before or after another Ready task of its priority (the order next hands out)",
                this::move));
    }

    private void move(Call call) {
        Map<String, Object> raw = call.object();
        BoardAccess.requireWrite(call.actor());
        for (String key : List.of("before", "after")) {
            Object value = raw.get(key);
            if (value != null && !(value instanceof String)) {
                throw RequestRefused.invalid(key, "must be a string: the identifier of a Ready task, such as W12");
            }
            if (value instanceof String text && !Limit.LIST_ENTRY.fits(text)) {
                throw RequestRefused.invalid(key, Limit.LIST_ENTRY.exceeded());
            }
        }
        PositionBody body = json.mapper().convertValue(raw, PositionBody.class);
        boolean before = body.before() != null && !body.before().isBlank();
        boolean after = body.after() != null && !body.after().isBlank();
        if (before == after) {
            throw RequestRefused.invalid("body", "must name exactly one of before and after, for example {\"before\": \"W12\"}");
        }
        TaskView view = reorder.move(call.actor(), call.ref(),
                new Placement(before ? body.before().strip() : body.after().strip(), before));
        call.ok(Envelope.data(TaskViews.full(view, call.board())).skills());
    }
}
