package dev.tasklane.adapter.web;

import dev.tasklane.adapter.web.view.AuditPage;
import dev.tasklane.adapter.web.view.AuditPage.AuditRow;
import dev.tasklane.adapter.web.view.Option;
import dev.tasklane.application.port.in.AuditUseCase;
import dev.tasklane.application.port.in.AuditUseCase.AuditFilter;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.audit.AuditAction;
import dev.tasklane.domain.audit.AuditEntry;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.identity.Board;
import io.javalin.http.Context;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The audit log in the browser (/admin/audit), with the filters of {@code GET /api/audit}: a server admin reads every
 * entry, a board admin (owner) the entries of a board they own. Who may read what is the use case's decision
 * ({@link AuditUseCase#readable}), and so is the 403 for anyone else; this page offers the boards they may pick.
 */
final class AuditPages {
    static final int PAGE = 50;
    private static final int MAX_TEXT = 255;

    private final Web web;
    private final AuditUseCase audit;

    AuditPages(Web web, AuditUseCase audit) {
        this.web = web;
        this.audit = audit;
    }

    void page(Context ctx) {
        Actor person = web.person(ctx);
        AuditUseCase.Readable readable = audit.readable(person);
        List<Board> choosable = readable.boards();
        String boardParam = text(ctx, "board");
        BoardId board = boardParam != null ? boardId(boardParam)
                : readable.everyEntry() || choosable.isEmpty() ? null : choosable.get(0).id();
        String action = text(ctx, "action");
        AuditAction chosen = action == null ? null : AuditAction.ofCode(action).orElseThrow(() ->
                new InvalidInputException("invalid_param", "No such action: " + action, new ErrorDetails.Field("action")));
        String username = text(ctx, "username");
        String objectType = text(ctx, "object_type");
        String objectId = text(ctx, "object_id");
        String since = text(ctx, "since");
        String until = text(ctx, "until");
        AuditFilter filter = new AuditFilter(chosen, null, username, board, objectType, objectId,
                day(since, "since", 0), day(until, "until", 1), PAGE, text(ctx, "cursor"));
        AuditUseCase.AuditPage page = audit.read(person, filter);

        Map<Long, String> boardNames = new LinkedHashMap<>();
        choosable.forEach(b -> boardNames.put(b.id().value(), b.name()));
        List<AuditRow> rows = page.entries().stream().map(entry -> row(entry, boardNames)).toList();
        List<Option> actions = new ArrayList<>();
        Arrays.stream(AuditAction.values()).forEach(a -> actions.add(new Option(a.code(), a.code(), a == chosen)));
        List<Option> boards = choosable.stream().map(b -> new Option(Long.toString(b.id().value()), b.name(),
                b.id().equals(board))).toList();
        Map<String, String> next = new LinkedHashMap<>();
        next.put("action", action);
        next.put("board", board == null ? null : Long.toString(board.value()));
        next.put("username", username);
        next.put("object_type", objectType);
        next.put("object_id", objectId);
        next.put("since", since);
        next.put("until", until);
        next.put("cursor", page.nextCursor());
        String older = page.nextCursor() == null ? null : "/admin/audit?" + query(next);
        web.render(ctx, "audit.jte", new AuditPage(web.chrome(ctx, person, "Audit log", null, "audit"), actions, boards,
                readable.everyEntry(), value(username), value(objectType), value(objectId), value(since), value(until), rows,
                older));
    }

    private static AuditRow row(AuditEntry entry, Map<Long, String> boardNames) {
        String who = entry.username() == null ? "unknown" : entry.username() + " (#" + entry.userId() + ")";
        AuditEntry.Credential credential = entry.credential();
        String how = switch (credential.kind()) {
            case TOKEN -> "token #" + credential.number() + (credential.name() == null ? "" : " " + credential.name());
            case SESSION -> "web session #" + credential.number();
            case DIRECT -> credential.name() == null ? "direct" : "direct, as " + credential.name();
            case PASSWORD -> "password";
        };
        String board = entry.boardId() == null ? "" : boardNames.getOrDefault(entry.boardId().value(),
                "#" + entry.boardId());
        String object = entry.target() == null ? "" : entry.target().type() + " " + entry.target().id();
        return new AuditRow(entry.sequence(), Format.when(entry.at()), entry.action().code(), who, how, board, object,
                value(entry.address()), entry.outcome() == AuditEntry.Outcome.REFUSED, value(entry.code()),
                value(entry.detail()));
    }

    private static String value(String text) {
        return text == null ? "" : text;
    }

    private static String text(Context ctx, String name) {
        String value = ctx.queryParam(name);
        if (value == null || value.isBlank()) {
            return null;
        }
        String stripped = value.strip();
        if (stripped.codePointCount(0, stripped.length()) > MAX_TEXT) {
            throw new InvalidInputException("invalid_param", name + " must be at most " + MAX_TEXT + " characters",
                    new ErrorDetails.Field(name));
        }
        return stripped;
    }

    private static BoardId boardId(String raw) {
        try {
            return BoardId.of(Long.parseLong(raw));
        } catch (NumberFormatException notANumber) {
            throw new InvalidInputException("invalid_param", "board must be a board's number",
                    new ErrorDetails.Field("board"));
        }
    }

    /** The start of the day {@code raw} names (UTC), {@code plusDays} later: "until" takes the whole day it names. */
    private static Instant day(String raw, String field, int plusDays) {
        if (raw == null) {
            return null;
        }
        try {
            return LocalDate.parse(raw).plusDays(plusDays).atStartOfDay(ZoneOffset.UTC).toInstant();
        } catch (DateTimeParseException notADate) {
            throw new InvalidInputException("invalid_param", field + " must be a date such as 2030-01-31",
                    new ErrorDetails.Field(field));
        }
    }

    private static String query(Map<String, String> parameters) {
        return parameters.entrySet().stream().filter(e -> e.getValue() != null)
                .sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }
}
