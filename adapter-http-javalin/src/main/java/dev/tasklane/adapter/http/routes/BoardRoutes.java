package dev.tasklane.adapter.http.routes;

import dev.tasklane.adapter.http.pipeline.Call;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.edge.DocumentKeys;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.wire.BoardChangeBody;
import dev.tasklane.adapter.http.wire.TaskAnswer.Envelope;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.tasklane.application.port.in.BoardSettingsUseCase.BoardChange;
import dev.tasklane.application.port.in.BoardSettingsUseCase.BoardSettings;
import dev.tasklane.application.port.in.BoardSettingsUseCase;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.task.Status;
import io.javalin.http.HandlerType;

import java.util.Arrays;
import java.util.List;

/**
 * A board's settings over the API (docs/api.md, "Board settings and WIP limits"): {@code GET} and {@code PATCH
 * /api/boards/:id}, with typed request and answer records.
 */
public final class BoardRoutes {
    private final BoardSettingsUseCase boardSettings;

    public BoardRoutes(BoardSettingsUseCase boardSettings) {
        this.boardSettings = boardSettings;
    }

    /** The answer: the board, its columns, its WIP limits and what holds Doing now. */
    record BoardAnswer(BoardId id, String name, List<ColumnAnswer> columns,
                       @JsonProperty("wip_limits") WipAnswer wipLimits, List<String> doing) {
    }

    record ColumnAnswer(Long id, String name, int position) {
    }

    /** {@code doing}: the limit on Doing, or null for none. */
    record WipAnswer(Integer doing) {
    }

    public List<Route> routes() {
        return List.of(
                Route.needs(Scope.READ, HandlerType.GET, "/api/boards/{id}", "A board's settings: name, columns, WIP limits, what holds Doing",
                        this::show),
                Route.needs(Scope.BOARD_ADMIN, HandlerType.PATCH, "/api/boards/{id}", "Rename a board and/or set its WIP limits (owner or admin)",
                        this::configure));
    }

    private void show(Call call) {
        BoardSettings settings = boardSettings.settings(call.caller(), boardId(call));
        call.ok(Envelope.data(answer(settings)));
    }

    private void configure(Call call) {
        BoardChange change = call.bind(BoardChangeBody.class).change();
        BoardSettings settings = boardSettings.configure(call.caller(), boardId(call), change);
        call.ok(Envelope.data(answer(settings)));
    }

    private static BoardId boardId(Call call) {
        try {
            return BoardId.of(Long.parseLong(call.ctx().pathParam("id")));
        } catch (NumberFormatException notANumber) {
            throw RequestRefused.plain(404, "Board not found");
        }
    }

    private static BoardAnswer answer(BoardSettings settings) {
        List<ColumnAnswer> columns = Arrays.stream(Status.values())
                .map(column -> new ColumnAnswer(settings.board().columnId(column), column.columnName(), column.columnPosition()))
                .toList();
        return new BoardAnswer(settings.board().id(), settings.board().name(), columns,
                new WipAnswer(settings.wipLimits().doing()), settings.doing());
    }
}
