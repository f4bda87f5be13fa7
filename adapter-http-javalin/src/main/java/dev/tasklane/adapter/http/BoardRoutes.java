package dev.tasklane.adapter.http;

import dev.tasklane.application.edge.WireParts;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.wire.Envelope;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.tasklane.application.port.in.BoardSettingsUseCase.BoardChange;
import dev.tasklane.application.port.in.BoardSettingsUseCase.BoardSettings;
import dev.tasklane.application.port.in.Patch;
import dev.tasklane.application.port.in.BoardSettingsUseCase;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.wip.WipLimits;
import io.javalin.http.HandlerType;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A board's settings over the API (docs/api.md, "Board settings and WIP limits"): {@code GET} and {@code PATCH
 * /api/boards/:id}, with typed request and answer records.
 */
final class BoardRoutes {
    private static final Set<String> LIMITED_COLUMNS = Set.of("doing");

    private final BoardSettingsUseCase boardSettings;

    BoardRoutes(BoardSettingsUseCase boardSettings) {
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

    List<Route> routes() {
        return List.of(
                Route.authed(HandlerType.GET, "/api/boards/{id}", "A board's settings: name, columns, WIP limits, what holds Doing",
                        this::show),
                Route.authed(HandlerType.PATCH, "/api/boards/{id}", "Rename a board and/or set its WIP limits (owner or admin)",
                        this::configure));
    }

    private void show(Call call) {
        BoardSettings settings = boardSettings.settings(call.caller().user().id(), call.caller().admin(),
                boardId(call));
        call.ok(Envelope.data(answer(settings)));
    }

    private void configure(Call call) {
        Map<String, Object> body = call.object();
        Patch<String> name = Patch.unchanged();
        if (body.containsKey("name")) {
            if (!(body.get("name") instanceof String text)) {
                throw RequestRefused.invalid("name", "must be a string");
            }
            name = Patch.to(text);
        }
        Patch<WipLimits> limits = Patch.unchanged();
        if (body.containsKey("wip_limits")) {
            limits = Patch.to(wipLimits(body.get("wip_limits")));
        }
        if (!name.isSent() && !limits.isSent()) {
            throw RequestRefused.invalid("body", "names nothing to change: send \"name\" and/or \"wip_limits\", "
                    + "for example {\"wip_limits\": {\"doing\": 3}}");
        }
        BoardSettings settings = boardSettings.configure(call.caller().user().id(), call.caller().admin(),
                boardId(call), new BoardChange(name, limits));
        call.ok(Envelope.data(answer(settings)));
    }

    /** {@code null} or {@code {}} is no limit; {@code {"doing": n}} a limit; nothing else has one. */
    private static WipLimits wipLimits(Object sent) {
        if (sent == null) {
            return WipLimits.NONE;
        }
        if (!(sent instanceof Map<?, ?> map)) {
            throw RequestRefused.invalid("wip_limits", "must be an object such as {\"doing\": 3}, or null for no limit");
        }
        for (Object key : map.keySet()) {
            if (!LIMITED_COLUMNS.contains(key)) {
                throw RequestRefused.invalid("wip_limits", "can limit doing only, got " + Params.jsonType(key) + " key '"
                        + String.valueOf(key).substring(0, Math.min(40, String.valueOf(key).length())) + "'");
            }
        }
        Object doing = map.get("doing");
        if (doing == null) {
            return WipLimits.NONE;
        }
        if (!(doing instanceof Integer count)) {
            throw RequestRefused.invalid("wip_limits.doing", "must be a whole number from 1 to " + WipLimits.MAX_DOING
                    + " (cap WIP_LIMIT), or null for no limit");
        }
        return WipLimits.of(count, WireParts.WIRE);
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
