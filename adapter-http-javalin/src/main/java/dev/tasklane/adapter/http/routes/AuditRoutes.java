package dev.tasklane.adapter.http.routes;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.pipeline.Call;
import dev.tasklane.adapter.http.pipeline.Params;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.application.port.in.AuditUseCase;
import dev.tasklane.application.port.in.AuditUseCase.AuditFilter;
import dev.tasklane.application.port.in.AuditUseCase.AuditPage;
import dev.tasklane.domain.audit.AuditAction;
import dev.tasklane.domain.audit.AuditEntry;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import io.javalin.http.HandlerType;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static dev.tasklane.adapter.http.routes.OpenApi.TextSchema.TEXT;

/**
 * The audit log over the API (docs/api.md, "Audit log"): {@code GET /api/audit}, newest first, filtered by the query
 * and paged with {@code limit} and an opaque {@code cursor} as {@code GET /api/tasks} is. Who may read which entries
 * is the use case's decision (a server admin all, a board admin their board's, anyone else 403).
 */
public final class AuditRoutes {
    public static final String PATH = "/api/audit";
    /** The query parameters this route reads; any other is refused, so a misspelt filter never reads everything. */
    static final Set<String> PARAMETERS = Set.of("action", "user_id", "username", "board_id", "object_type",
            "object_id", "since", "until", "limit", "cursor");
    private static final int MAX_TEXT = 255;

    private final AuditUseCase audit;

    public AuditRoutes(AuditUseCase audit) {
        this.audit = audit;
    }

    /** A page: the entries, newest first, and the cursor of the next page (null on the last). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record AuditList(List<EntryAnswer> data, String nextCursor) {
    }

    /**
     * One entry. {@code user_id} and {@code username} are null when nobody is known (a refused sign-in with an
     * unknown name); {@code board_id} and {@code object} are null for an act on no board or no object;
     * {@code address} is null for an act that did not come over the network; {@code code} is the refusal's error code.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record EntryAnswer(long id, String at, String action, Long userId, String username, CredentialAnswer credential,
                              Long boardId, ObjectAnswer object, String address, String outcome, String code,
                              String detail) {
    }

    /** How the user came: {@code token} (id, name), {@code session} (id), {@code direct} (name: the agent's, if any), {@code password}. */
    public record CredentialAnswer(String kind, Long id, String name) {
    }

    public record ObjectAnswer(String type, String id) {
    }

    public List<Route> routes() {
        return List.of(Route.needs(Scope.BOARD_ADMIN, HandlerType.GET, PATH,
                "The audit log, newest first: server admins read every entry, board admins their board's", this::list));
    }

    private void list(Call call) {
        for (String name : call.queryParams().keySet()) {
            if (!PARAMETERS.contains(name)) {
                throw RequestRefused.invalid(name, "is not a filter of this list; the filters are "
                        + PARAMETERS.stream().sorted().collect(Collectors.joining(", ")));
            }
        }
        String action = text(call, "action");
        AuditAction chosen = action == null ? null : AuditAction.ofCode(action).orElseThrow(() -> RequestRefused.invalid(
                "action", "must be one of " + Arrays.stream(AuditAction.values()).map(AuditAction::code)
                        .collect(Collectors.joining(", "))));
        Long user = number(call, "user_id");
        Long board = number(call, "board_id");
        Integer limit = Params.queryInt(call.query("limit"), "limit", 1, AuditUseCase.MAX_LIMIT);
        AuditFilter filter = new AuditFilter(chosen, user == null ? null : UserId.of(user), text(call, "username"),
                board == null ? null : BoardId.of(board), text(call, "object_type"), text(call, "object_id"),
                instant(call, "since"), instant(call, "until"), limit, text(call, "cursor"));
        AuditPage page = audit.read(call.caller(), filter);
        call.ok(new AuditList(page.entries().stream().map(AuditRoutes::answer).toList(), page.nextCursor()));
    }

    static EntryAnswer answer(AuditEntry entry) {
        return new EntryAnswer(entry.sequence(), entry.at().toString(), entry.action().code(),
                entry.userId() == null ? null : entry.userId().value(), entry.username(),
                new CredentialAnswer(entry.credential().kind().code(), entry.credential().number(), entry.credential().name()),
                entry.boardId() == null ? null : entry.boardId().value(),
                entry.target() == null ? null : new ObjectAnswer(entry.target().type(), entry.target().id()),
                entry.address(), entry.outcome().code(), entry.code(), entry.detail());
    }

    private static String text(Call call, String name) {
        String value = call.query(name);
        if (value == null || value.isEmpty()) {
            return null;
        }
        if (value.codePointCount(0, value.length()) > MAX_TEXT) {
            throw RequestRefused.invalid(name, "must be at most " + MAX_TEXT + " characters");
        }
        return value;
    }

    private static Long number(Call call, String name) {
        String value = text(call, name);
        if (value == null) {
            return null;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException notANumber) {
            throw RequestRefused.invalid(name, "must be a number");
        }
    }

    private static Instant instant(Call call, String name) {
        String value = text(call, name);
        if (value == null) {
            return null;
        }
        try {
            return Instant.parse(value.trim());
        } catch (DateTimeParseException notATime) {
            throw RequestRefused.invalid(name, "must be an ISO-8601 instant such as 2030-01-31T12:00:00Z");
        }
    }

    /** The query parameters, for the OpenAPI document. */
    static List<OpenApi.Parameter> openApiParameters() {
        return List.of(
                parameter("action", "Only this action, e.g. token.minted, signin.failed",
                        TEXT.pattern("^(" + Arrays.stream(AuditAction.values()).map(a -> a.code().replace(".", "\\."))
                                .collect(Collectors.joining("|")) + ")$")),
                parameter("user_id", "Only entries of this user (by number)", TEXT.pattern("^[0-9]+$")),
                parameter("username", "Only entries of this username", TEXT.maxLength(MAX_TEXT)),
                parameter("board_id", "Only this board's entries (a board admin may name only their board)",
                        TEXT.pattern("^[0-9]+$")),
                parameter("object_type", "Only entries on objects of this type: token, user, board, membership, task, "
                        + "comment, session, webhook", TEXT.maxLength(MAX_TEXT)),
                parameter("object_id", "Only entries on the object of this id (a task by identifier, e.g. W12)",
                        TEXT.maxLength(MAX_TEXT)),
                parameter("since", "Only entries at or after this instant", TEXT.format("date-time")),
                parameter("until", "Only entries before this instant", TEXT.format("date-time")),
                parameter("limit", "Entries per page, 1 to " + AuditUseCase.MAX_LIMIT + " (default "
                        + AuditUseCase.DEFAULT_LIMIT + ")", TEXT.pattern("^[0-9]+$")),
                parameter("cursor", "The next_cursor of the previous page, with the same filters", TEXT.maxLength(MAX_TEXT)));
    }

    private static OpenApi.Parameter parameter(String name, String description, OpenApi.TextSchema schema) {
        return OpenApi.Parameter.query(name, schema, description + "; a bad value answers 422 invalid_param naming it");
    }
}
