package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.wire.Envelope;
import dev.tasklane.adapter.http.wire.WireTime;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.tasklane.application.edge.TrustedProxy;
import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.port.in.IdentityUseCase.Caller;
import dev.tasklane.application.port.in.IdentityUseCase.IssuedToken;
import dev.tasklane.application.port.in.SignInThrottledException;
import dev.tasklane.application.port.in.SignInUseCase;
import dev.tasklane.application.port.in.UseCases;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Membership;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Column;
import io.javalin.http.HandlerType;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The caller, users, boards, memberships and API tokens (docs/api.md, "Identity" and "Access rules"). */
final class IdentityRoutes {
    private final IdentityUseCase identity;
    private final SignInUseCase signIn;
    private final BodyValidator validator;
    private final TrustedProxy proxy;

    IdentityRoutes(UseCases useCases, BodyValidator validator, TrustedProxy proxy) {
        this.proxy = proxy;
        this.identity = useCases.identity();
        this.signIn = useCases.signIn();
        this.validator = validator;
    }

    /** {@code POST /api/sessions}: a person's username and password, and the board the new token is for. */
    record NewSession(@NotBlank @Size(max = 255) String username,
                      @NotBlank @Size(max = 1024) String password,
                      @NotBlank @Size(max = 255) String board) {
    }

    record NewUser(@NotBlank @Size(max = 255) String username,
                   @JsonProperty("display_name") @Size(max = 255) String displayName,
                   @NotBlank @Size(min = 12, max = 1024) String password,
                   @NotNull @Pattern(regexp = "admin|member", message = "must be admin or member") String role) {
    }

    record NewBoard(@NotBlank @Size(max = 255) String name) {
    }

    record NewMember(@NotBlank @Size(max = 255) String user,
                     @NotNull @Pattern(regexp = "owner|modify|read_only", message = "must be owner, modify or read_only") String access) {
    }

    record NewToken(@NotBlank @Size(max = 255) String name,
                    @Size(max = 255) String user,
                    @Size(max = 255) String board,
                    @Size(max = 16) List<@NotNull @Pattern(regexp = "[a-z_]{1,40}") String> capabilities,
                    @JsonProperty("agent_model") @Size(max = 255) String agentModel,
                    Boolean reviewer,
                    @JsonProperty("expires_in_days") @Min(1) @Max(3650) Integer expiresInDays) {
    }

    List<Route> routes() {
        return List.of(
                Route.authed(HandlerType.GET, "/api/me", "The caller: user, token board, capabilities, reviewer flag", this::me),
                Route.authed(HandlerType.GET, "/api/users", "List users (admin)", this::users),
                Route.authed(HandlerType.POST, "/api/users", "Create a user (admin)", this::createUser),
                Route.authed(HandlerType.GET, "/api/boards", "The boards the caller belongs to", this::boards),
                Route.authed(HandlerType.POST, "/api/boards", "Create a board; the creator owns it", this::createBoard),
                Route.authed(HandlerType.POST, "/api/boards/{id}/members", "Add or change a board member (owner or admin)", this::addMember),
                Route.authed(HandlerType.GET, "/api/tokens", "The caller's API tokens (admin: all)", this::tokens),
                Route.authed(HandlerType.POST, "/api/tokens", "Create an API token; the secret is shown once", this::createToken),
                Route.authed(HandlerType.DELETE, "/api/tokens/{id}", "Revoke an API token", this::revokeToken),
                Route.open(HandlerType.POST, "/api/sessions",
                        "Password sign-in: a new API token for the named board, answered as POST /api/tokens does",
                        this::createSession));
    }

    private void me(Call call) {
        Caller caller = call.caller();
        Map<String, Object> data = user(caller.user());
        data.put("board", Map.of("id", caller.board().id(), "name", caller.board().name()));
        data.put("capabilities", capabilities(caller.token().capabilities()));
        data.put("reviewer", caller.token().reviewer());
        call.ok(Envelope.data(data));
    }

    private void users(Call call) {
        call.ok(Envelope.data(identity.users(call.caller()).stream().map(IdentityRoutes::user).toList()));
    }

    private void createUser(Call call) {
        NewUser request = validator.bind(call.object(), NewUser.class);
        User created = identity.createUser(call.caller(), request.username(),
                request.displayName() == null ? request.username() : request.displayName(), request.password(),
                Role.valueOf(request.role().toUpperCase(Locale.ROOT)));
        call.respond(201, Envelope.data(user(created)));
    }

    private void boards(Call call) {
        call.ok(Envelope.data(identity.boards(call.caller()).stream().map(IdentityRoutes::board).toList()));
    }

    private void createBoard(Call call) {
        NewBoard request = validator.bind(call.object(), NewBoard.class);
        call.respond(201, Envelope.data(board(identity.createBoard(call.caller(), request.name()))));
    }

    private void addMember(Call call) {
        BoardId boardId = BoardId.of(pathId(call));
        NewMember request = validator.bind(call.object(), NewMember.class);
        Membership membership = identity.addMember(call.caller(), boardId, request.user(),
                Access.valueOf(request.access().toUpperCase(Locale.ROOT)));
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("board_id", membership.boardId());
        data.put("user_id", membership.userId());
        data.put("user", request.user());
        data.put("access", membership.access().wire());
        call.respond(201, Envelope.data(data));
    }

    private void tokens(Call call) {
        call.ok(Envelope.data(identity.tokens(call.caller()).stream().map(IdentityRoutes::token).toList()));
    }

    private void createToken(Call call) {
        NewToken request = validator.bind(call.object(), NewToken.class);
        Set<Capability> capabilities = EnumSet.noneOf(Capability.class);
        for (String name : request.capabilities() == null ? List.<String>of() : request.capabilities()) {
            capabilities.add(Capability.fromWire(name).orElseThrow(() ->
                    ApiProblem.invalid("capabilities", "contains an unknown capability '" + name + "'; valid: " + Capability.ALL_NAMES)));
        }
        IssuedToken issued = identity.createToken(call.caller(), new IdentityUseCase.TokenRequest(request.name(),
                request.user(), request.board(), capabilities, request.agentModel(),
                Boolean.TRUE.equals(request.reviewer()), request.expiresInDays()));
        call.respond(201, Envelope.data(issued(issued)));
    }

    private void createSession(Call call) {
        NewSession request = validator.bind(call.object(), NewSession.class);
        IssuedToken issued;
        try {
            issued = signIn.signInForToken(request.username(), request.password(), request.board(),
                    proxy.clientAddress(call.ctx()::header, call.ctx().ip()));
        } catch (SignInThrottledException throttled) {
            throw new ApiProblem(429, Map.of("error", "Too many failed sign-ins; try again later"),
                    Map.of("Retry-After", Long.toString(throttled.retryAfterSeconds())));
        }
        call.respond(201, Envelope.data(issued(issued)));
    }

    private static Map<String, Object> issued(IssuedToken issued) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", issued.token().id());
        data.put("name", issued.token().name());
        data.put("token", issued.secret());
        data.put("board", Map.of("id", issued.board().id(), "name", issued.board().name()));
        data.put("capabilities", capabilities(issued.token().capabilities()));
        data.put("reviewer", issued.token().reviewer());
        data.put("expires_at", WireTime.utc(issued.token().expiresAt()));
        return data;
    }

    private void revokeToken(Call call) {
        call.ok(Envelope.data(token(identity.revokeToken(call.caller(), pathId(call)))));
    }

    private static long pathId(Call call) {
        String raw = call.ctx().pathParam("id");
        try {
            return Long.parseLong(raw);
        } catch (NumberFormatException notAnId) {
            throw ApiProblem.invalid("id", "must be a numeric id");
        }
    }

    private static Map<String, Object> user(User user) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", user.id());
        json.put("username", user.username());
        json.put("display_name", user.displayName());
        json.put("role", user.role().wire());
        return json;
    }

    private static Map<String, Object> board(Board board) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", board.id());
        json.put("name", board.name());
        json.put("columns", java.util.Arrays.stream(Column.values()).map(column -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("id", board.columnId(column));
            row.put("name", column.displayName());
            row.put("position", column.position());
            return row;
        }).toList());
        return json;
    }

    private static Map<String, Object> token(ApiToken token) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", token.id());
        json.put("name", token.name());
        json.put("user_id", token.userId());
        json.put("board_id", token.boardId());
        json.put("capabilities", capabilities(token.capabilities()));
        json.put("agent_model", token.agentModel());
        json.put("reviewer", token.reviewer());
        json.put("expires_at", WireTime.utc(token.expiresAt()));
        json.put("revoked_at", WireTime.utc(token.revokedAt()));
        json.put("last_used_at", WireTime.utc(token.lastUsedAt()));
        json.put("last_agent_name", token.lastAgentName());
        json.put("inserted_at", WireTime.naive(token.createdAt()));
        return json;
    }

    private static List<String> capabilities(Set<Capability> capabilities) {
        return capabilities.stream().map(Capability::wire).sorted().toList();
    }
}
