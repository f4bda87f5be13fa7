package dev.tasklane.adapter.web;

import dev.tasklane.adapter.web.view.IssuedTokenView;
import dev.tasklane.adapter.web.view.Option;
import dev.tasklane.adapter.web.view.TokenRow;
import dev.tasklane.adapter.web.view.TokensPage;
import dev.tasklane.application.port.in.TokensUseCase.IssuedToken;
import dev.tasklane.application.port.in.TokensUseCase.TokenRequest;
import dev.tasklane.application.port.in.UserAdminUseCase;
import dev.tasklane.application.port.in.BoardsUseCase;
import dev.tasklane.application.port.in.TokensUseCase;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Capability;
import io.javalin.http.Context;

import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** The person's API tokens: the list with last use, creation (shown once, with the agent files), revocation. */
final class TokenPages {
    private final Web web;
    private final UserAdminUseCase userAdmin;
    private final BoardsUseCase boardAdmin;
    private final TokensUseCase tokenAdmin;
    private final AgentFiles agentFiles;

    TokenPages(Web web, UserAdminUseCase userAdmin, BoardsUseCase boardAdmin, TokensUseCase tokenAdmin,
               AgentFiles agentFiles) {
        this.web = web;
        this.userAdmin = userAdmin;
        this.boardAdmin = boardAdmin;
        this.tokenAdmin = tokenAdmin;
        this.agentFiles = agentFiles;
    }

    void page(Context ctx) {
        Actor person = web.person(ctx);
        render(ctx, person, null, ctx.queryParam("board"));
    }

    private void render(Context ctx, Actor person, IssuedTokenView issued, String selectedBoard) {
        List<Board> boards = boardAdmin.boards(person);
        Map<Long, String> boardNames = new HashMap<>();
        boards.forEach(b -> boardNames.put(b.id().value(), b.name()));
        Map<Long, String> userNames = new HashMap<>();
        List<Option> owners = List.of();
        if (person.admin()) {
            List<User> users = userAdmin.users(person);
            users.forEach(u -> userNames.put(u.id().value(), u.username()));
            boardAdmin.allBoards(person).forEach(b -> boardNames.put(b.id().value(), b.name()));
            owners = users.stream().filter(User::active).map(u -> new Option(u.username(), u.username(),
                    u.id().equals(person.user().id()))).toList();
        } else {
            userNames.put(person.user().id().value(), person.user().username());
        }
        Instant now = Instant.now();
        List<TokenRow> rows = tokenAdmin.tokens(person).stream()
                .sorted((a, b) -> Long.compare(b.id(), a.id()))
                .map(t -> row(t, boardNames, userNames, now)).toList();
        List<Option> boardOptions = boards.stream().map(b -> new Option(b.name(), b.name(),
                b.name().equals(selectedBoard) || (selectedBoard == null && b == boards.get(0)))).toList();
        List<Option> capabilities = Arrays.stream(Capability.values())
                .map(c -> new Option(c.code(), Format.capability(c), false)).toList();
        List<Option> presets = Arrays.stream(Preset.values())
                .map(p -> new Option(p.value, p.label, p == Preset.AGENT)).toList();
        List<Option> scopes = Arrays.stream(Scope.values()).map(sc -> new Option(sc.label(), SCOPE_MEANING.get(sc), false))
                .toList();
        web.render(ctx, "tokens.jte", new TokensPage(web.chrome(ctx, person, "API tokens", null, "tokens"), rows,
                boardOptions, capabilities, owners, issued, presets, scopes));
    }

    /** The scope sets a person usually wants, and a custom set. */
    enum Preset {
        AGENT("agent", "Agent: reads and does work (claim, complete, comment)", Scope.AGENT),
        REVIEWER("reviewer", "Reviewer: an agent's scopes, and approves others' work", EnumSet.of(Scope.READ,
                Scope.WORK, Scope.REVIEW)),
        BOARD_ADMIN("board-admin", "Board admin: an agent's scopes, and the board's settings, members, webhooks and sync",
                EnumSet.of(Scope.READ, Scope.WORK, Scope.BOARD_ADMIN)),
        READ_ONLY("read-only", "Read only: dashboards and event streams", EnumSet.of(Scope.READ)),
        CUSTOM("custom", "Custom: the scopes ticked below", Set.of());

        final String value;
        final String label;
        final Set<Scope> scopes;

        Preset(String value, String label, Set<Scope> scopes) {
            this.value = value;
            this.label = label;
            this.scopes = scopes;
        }

        static Preset of(String value) {
            for (Preset preset : values()) {
                if (preset.value.equals(value)) {
                    return preset;
                }
            }
            throw new InvalidInputException("invalid_param", "Choose what the token may do: "
                    + Arrays.stream(values()).map(p -> p.value).collect(Collectors.joining(", ")),
                    new ErrorDetails.Field("preset"));
        }
    }

    private static final Map<Scope, String> SCOPE_MEANING = Map.of(
            Scope.READ, "read the board's tasks, comments, events and metrics",
            Scope.WORK, "create, edit, claim, complete, comment, archive",
            Scope.REVIEW, "review decisions, mark done, turn needs_review off",
            Scope.BOARD_ADMIN, "the board's settings, WIP limits, members, deletes",
            Scope.SERVER_ADMIN, "users, boards, every board");

    /** The scopes the form asks for: the preset's, or the ticked ones for a custom set. */
    static Set<Scope> scopes(Context ctx) {
        Preset preset = Preset.of(ctx.formParam("preset") == null ? Preset.AGENT.value : ctx.formParam("preset"));
        if (preset != Preset.CUSTOM) {
            return preset.scopes;
        }
        Set<Scope> scopes = EnumSet.noneOf(Scope.class);
        for (String label : ctx.formParams("scopes")) {
            scopes.add(Scope.ofLabel(label).orElseThrow(() -> new InvalidInputException("invalid_param",
                    "Unknown scope " + label, new ErrorDetails.Field("scopes"))));
        }
        if (scopes.isEmpty()) {
            throw new InvalidInputException("invalid_param", "Tick at least one scope for a custom token, or choose "
                    + "a preset", new ErrorDetails.Field("scopes"));
        }
        return scopes;
    }

    private static TokenRow row(ApiToken token, Map<Long, String> boards, Map<Long, String> users, Instant now) {
        String state = token.revokedAt() != null ? "Revoked " + Format.when(token.revokedAt())
                : !token.validAt(now) ? "Expired" : "Active";
        return new TokenRow(token.id(), token.name(), users.getOrDefault(token.userId().value(), "user #" + token.userId()),
                boards.getOrDefault(token.boardId().value(), "board #" + token.boardId()),
                token.capabilities().isEmpty() ? "any" : token.capabilities().stream().map(Format::capability)
                        .collect(Collectors.joining(", ")),
                token.agentModel() == null ? "" : token.agentModel(),
                token.scopes().stream().sorted().map(Scope::label).toList(), Format.when(token.createdAt()),
                token.expiresAt() == null ? "never" : Format.when(token.expiresAt()),
                token.lastUsedAt() == null ? "never" : Format.when(token.lastUsedAt()),
                token.lastAgentName() == null ? "" : token.lastAgentName(), state, token.validAt(now));
    }

    void create(Context ctx) {
        Actor person = web.personForChange(ctx);
        Set<Capability> capabilities = EnumSet.noneOf(Capability.class);
        for (String name : ctx.formParams("capabilities")) {
            capabilities.add(Capability.fromCode(name).orElseThrow(() -> new InvalidInputException("invalid_param",
                    "Unknown capability " + name + "; valid: " + Capability.ALL_NAMES, new ErrorDetails.Field("capabilities"))));
        }
        Integer days;
        String rawDays = Web.optional(ctx, "expires_in_days");
        try {
            days = rawDays == null ? null : Integer.valueOf(rawDays);
        } catch (NumberFormatException notANumber) {
            throw new InvalidInputException("invalid_param", "The expiry must be a whole number of days",
                    new ErrorDetails.Field("expires_in_days"));
        }
        String owner = Web.optional(ctx, "user");
        String board = Web.required(ctx, "board", "A board");
        IssuedToken issued = tokenAdmin.createToken(person, new TokenRequest(Web.required(ctx, "name", "A token name"),
                owner, board, capabilities, Web.optional(ctx, "agent_model"), false, days, scopes(ctx)));
        AgentFiles.Files files = agentFiles.forToken(web.settings().baseUrl(), issued.secret());
        String base = web.settings().baseUrl();
        render(ctx, person, new IssuedTokenView(issued.token().name(), issued.board().name(), issued.secret(),
                files.strideAuthMd(), files.strideMd(), McpSnippets.claudeCode(base, issued.secret()),
                McpSnippets.cursor(base, issued.secret()), McpSnippets.vsCode(base, issued.secret())), board);
    }

    void revoke(Context ctx) {
        Actor person = web.personForChange(ctx);
        ApiToken revoked = tokenAdmin.revokeToken(person, Web.pathId(ctx, "token"));
        web.done(ctx, "/tokens", "Token " + revoked.name() + " is revoked; it answers 401 from now on.");
    }
}
