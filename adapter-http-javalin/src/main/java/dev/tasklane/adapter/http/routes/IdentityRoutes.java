package dev.tasklane.adapter.http.routes;

import dev.tasklane.adapter.http.error.BodyValidator;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.pipeline.Call;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.adapter.http.wire.TaskAnswer.Envelope;
import dev.tasklane.adapter.http.wire.TaskAnswer.WireTime;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.edge.TrustedProxy;
import dev.tasklane.application.port.in.UserAdminUseCase;
import dev.tasklane.application.port.in.BoardsUseCase;
import dev.tasklane.application.port.in.MembersUseCase;
import dev.tasklane.application.port.in.TokensUseCase;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.application.port.in.TokensUseCase.IssuedToken;
import dev.tasklane.application.port.in.MembersUseCase.Member;
import dev.tasklane.application.port.in.SignInThrottledException;
import dev.tasklane.application.port.in.SignInUseCase;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Status;
import io.javalin.http.HandlerType;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The caller, users, boards, memberships and API tokens (docs/api.md, "Identity" and "Access rules"), over the
 * identity use cases the web interface uses too. Requests and answers are records that Jackson binds and writes.
 */
public final class IdentityRoutes {
    private final UserAdminUseCase userAdmin;
    private final BoardsUseCase boardAdmin;
    private final MembersUseCase memberAdmin;
    private final TokensUseCase tokenAdmin;
    private final SignInUseCase signIn;
    private final BodyValidator validator;
    private final TrustedProxy proxy;

    public IdentityRoutes(UserAdminUseCase userAdmin, BoardsUseCase boardAdmin, MembersUseCase memberAdmin,
                          TokensUseCase tokenAdmin, SignInUseCase signIn, BodyValidator validator, TrustedProxy proxy) {
        this.proxy = proxy;
        this.userAdmin = userAdmin;
        this.boardAdmin = boardAdmin;
        this.memberAdmin = memberAdmin;
        this.tokenAdmin = tokenAdmin;
        this.signIn = signIn;
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
                    @JsonProperty("expires_in_days") @Min(1) @Max(3650) Integer expiresInDays,
                    @Size(max = 5) List<@NotNull @Size(max = 40) String> scopes) {
    }

    public List<Route> routes() {
        return List.of(
                Route.needs(Scope.READ, HandlerType.GET, "/api/me", "The caller: user, token board, capabilities, reviewer flag", this::me),
                Route.needs(Scope.SERVER_ADMIN, HandlerType.GET, "/api/users", "List users (admin)", this::users),
                Route.needs(Scope.SERVER_ADMIN, HandlerType.POST, "/api/users", "Create a user (admin)", this::createUser),
                Route.needs(Scope.READ, HandlerType.GET, "/api/boards", "The boards the caller belongs to", this::boards),
                Route.needs(Scope.SERVER_ADMIN, HandlerType.POST, "/api/boards", "Create a board; the creator owns it", this::createBoard),
                Route.needs(Scope.BOARD_ADMIN, HandlerType.POST, "/api/boards/{id}/members", "Add or change a board member (owner or admin)", this::addMember),
                Route.needs(Scope.READ, HandlerType.GET, "/api/tokens", "The caller's API tokens (admin: all)", this::tokens),
                Route.needs(Scope.READ, HandlerType.POST, "/api/tokens", "Create an API token; the secret is shown once", this::createToken),
                Route.needs(Scope.READ, HandlerType.DELETE, "/api/tokens/{id}", "Revoke an API token", this::revokeToken),
                Route.open(HandlerType.POST, "/api/sessions",
                        "Password sign-in: a new API token for the named board, answered as POST /api/tokens does",
                        this::createSession));
    }

    /** A user, as every identity answer shows one (never the password). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record UserAnswer(UserId id, String username, String displayName, String role) {
        static UserAnswer of(User user) {
            return new UserAnswer(user.id(), user.username(), user.displayName(), user.role().code());
        }
    }

    /** {@code GET /api/me}: the user, and the token's board, capabilities and reviewer flag. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record MeAnswer(UserId id, String username, String displayName, String role, BoardRef board,
                    List<String> capabilities, boolean reviewer, List<String> scopes) {
    }

    /** A board named by id and name. */
    record BoardRef(BoardId id, String name) {
        static BoardRef of(Board board) {
            return new BoardRef(board.id(), board.name());
        }
    }

    /** A board and its four columns. */
    record BoardAnswer(BoardId id, String name, List<ColumnAnswer> columns) {
        static BoardAnswer of(Board board) {
            return new BoardAnswer(board.id(), board.name(), Arrays.stream(Status.values())
                    .map(column -> new ColumnAnswer(board.columnId(column), column.columnName(), column.columnPosition()))
                    .toList());
        }
    }

    record ColumnAnswer(Long id, String name, int position) {
    }

    /** {@code POST /api/boards/:id/members}: the membership as set. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record MemberAnswer(BoardId boardId, UserId userId, String user, String access) {
    }

    /** A stored token, without its secret. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record TokenAnswer(long id, String name, UserId userId, BoardId boardId, List<String> capabilities,
                       String agentModel, boolean reviewer, String expiresAt, String revokedAt, String lastUsedAt,
                       String lastAgentName, String insertedAt, List<String> scopes) {
        static TokenAnswer of(ApiToken token) {
            return new TokenAnswer(token.id(), token.name(), token.userId(), token.boardId(),
                    IdentityRoutes.capabilities(token.capabilities()), token.agentModel(), token.reviewer(),
                    WireTime.utc(token.expiresAt()), WireTime.utc(token.revokedAt()), WireTime.utc(token.lastUsedAt()),
                    token.lastAgentName(), WireTime.naive(token.createdAt()), labels(token.scopes()));
        }
    }

    /** A new token with its secret, shown only in this answer. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record IssuedAnswer(long id, String name, String token, BoardRef board, List<String> capabilities,
                        boolean reviewer, String expiresAt, List<String> scopes) {
        static IssuedAnswer of(IssuedToken issued) {
            return new IssuedAnswer(issued.token().id(), issued.token().name(), issued.secret(),
                    BoardRef.of(issued.board()), IdentityRoutes.capabilities(issued.token().capabilities()), issued.token().reviewer(),
                    WireTime.utc(issued.token().expiresAt()), labels(issued.token().scopes()));
        }
    }

    private void me(Call call) {
        Actor actor = call.caller();
        User user = actor.user();
        call.ok(Envelope.data(new MeAnswer(user.id(), user.username(), user.displayName(), user.role().code(),
                BoardRef.of(actor.board()), capabilities(actor.capabilities()), actor.reviewer(),
                labels(actor.scopes()))));
    }

    private void users(Call call) {
        call.ok(Envelope.data(userAdmin.users(call.caller()).stream().map(UserAnswer::of).toList()));
    }

    private void createUser(Call call) {
        NewUser request = validator.bind(call.object(), NewUser.class);
        User created = userAdmin.createUser(call.caller(), request.username(),
                request.displayName() == null ? request.username() : request.displayName(), request.password(),
                Role.valueOf(request.role().toUpperCase(Locale.ROOT)));
        call.respond(201, Envelope.data(UserAnswer.of(created)));
    }

    private void boards(Call call) {
        call.ok(Envelope.data(boardAdmin.boards(call.caller()).stream().map(BoardAnswer::of).toList()));
    }

    private void createBoard(Call call) {
        NewBoard request = validator.bind(call.object(), NewBoard.class);
        call.respond(201, Envelope.data(BoardAnswer.of(boardAdmin.createBoard(call.caller(), request.name()))));
    }

    private void addMember(Call call) {
        BoardId boardId = BoardId.of(pathId(call));
        NewMember request = validator.bind(call.object(), NewMember.class);
        Member member = memberAdmin.putMember(call.caller(), boardId, request.user(),
                Access.valueOf(request.access().toUpperCase(Locale.ROOT)));
        call.respond(201, Envelope.data(new MemberAnswer(member.boardId(), member.user().id(), request.user(),
                member.access().code())));
    }

    private void tokens(Call call) {
        call.ok(Envelope.data(tokenAdmin.tokens(call.caller()).stream().map(TokenAnswer::of).toList()));
    }

    private void createToken(Call call) {
        NewToken request = validator.bind(call.object(), NewToken.class);
        Set<Capability> capabilities = EnumSet.noneOf(Capability.class);
        for (String name : request.capabilities() == null ? List.<String>of() : request.capabilities()) {
            capabilities.add(Capability.fromCode(name).orElseThrow(() ->
                    RequestRefused.invalid("capabilities", "contains an unknown capability '" + name + "'; valid: " + Capability.ALL_NAMES)));
        }
        IssuedToken issued = tokenAdmin.createToken(call.caller(), new TokensUseCase.TokenRequest(request.name(),
                request.user(), request.board(), capabilities, request.agentModel(),
                Boolean.TRUE.equals(request.reviewer()), request.expiresInDays(), scopes(request.scopes())));
        call.answerHolds(issued.secret());
        call.respond(201, Envelope.data(IssuedAnswer.of(issued)));
    }

    /** The scopes named, or null (the default) when none were sent. */
    private static Set<Scope> scopes(List<String> labels) {
        if (labels == null) {
            return null;
        }
        Set<Scope> scopes = EnumSet.noneOf(Scope.class);
        for (String label : labels) {
            scopes.add(Scope.ofLabel(label).orElseThrow(() -> RequestRefused.invalid("scopes",
                    "contains an unknown scope '" + label + "'; valid: " + String.join(", ", labels(Scope.ALL)))));
        }
        return scopes;
    }

    static List<String> labels(Set<Scope> scopes) {
        return scopes.stream().sorted().map(Scope::label).toList();
    }

    private void createSession(Call call) {
        NewSession request = validator.bind(call.object(), NewSession.class);
        IssuedToken issued;
        try {
            issued = signIn.signInForToken(request.username(), request.password(), request.board(),
                    proxy.clientAddress(call.ctx()::header, call.ctx().ip()));
        } catch (SignInThrottledException throttled) {
            throw RequestRefused.tooManyRequests("Too many failed sign-ins; try again later",
                    throttled.retryAfterSeconds());
        }
        call.answerHolds(issued.secret());
        call.respond(201, Envelope.data(IssuedAnswer.of(issued)));
    }

    private void revokeToken(Call call) {
        call.ok(Envelope.data(TokenAnswer.of(tokenAdmin.revokeToken(call.caller(), pathId(call)))));
    }

    private static long pathId(Call call) {
        String raw = call.ctx().pathParam("id");
        try {
            return Long.parseLong(raw);
        } catch (NumberFormatException notAnId) {
            throw RequestRefused.invalid("id", "must be a numeric id");
        }
    }

    private static List<String> capabilities(Set<Capability> capabilities) {
        return capabilities.stream().map(Capability::code).sorted().toList();
    }
}
