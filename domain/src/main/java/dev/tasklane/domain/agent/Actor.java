package dev.tasklane.domain.agent;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.identity.WebSession;
import dev.tasklane.domain.task.Capability;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Who is calling: a user acting through an API token, a web session, or directly (a program that embeds the
 * use cases), on a board with an {@link Access}. Every use case acts for an actor; what it may do follows from
 * these four parts alone:
 *
 * <ul>
 *   <li>{@code user}: the stored user (role, name);</li>
 *   <li>{@code board}: the board acted on, the token's board for a token; null for a signed-in person who has
 *       not opened a board yet ({@link #onBoard} gives the actor on one);</li>
 *   <li>{@code access}: the user's access to that board, null when the user is not a member of it;</li>
 *   <li>{@code credential}: how the user came: a {@link Token} carries the token's scope (capabilities, the
 *       reviewer flag, its expiry); a {@link Session} is a person in the browser; {@link Direct} is an
 *       embedding program acting for the user, as a person (no agent name) or as one of the user's agents.</li>
 * </ul>
 *
 * <p>An empty capability set means "no capability limit": the agent matches every task. {@link #tokenId()} is
 * null for a caller that did not come with an API token; an agent is then recognised by its user and its
 * agent name alone.
 */
public record Actor(User user, Board board, Access access, Credential credential) {
    public Actor {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(credential, "credential");
        if (board == null && access != null) {
            throw new IllegalArgumentException("an access is to a board");
        }
        if (credential instanceof Token token && board != null && !token.token().boardId().equals(board.id())) {
            throw new IllegalArgumentException("a token acts on its own board");
        }
    }

    /** How the user came. */
    public sealed interface Credential permits Token, Session, Direct {
    }

    /** An API token: its capabilities, reviewer flag and expiry are the actor's scope. */
    public record Token(ApiToken token) implements Credential {
        public Token {
            Objects.requireNonNull(token, "token");
        }
    }

    /** A person signed in to the web interface; the session's CSRF token is what forms echo. */
    public record Session(WebSession session) implements Credential {
        public Session {
            Objects.requireNonNull(session, "session");
        }
    }

    /**
     * A program that embeds the use cases, acting for the user without a token: as the person themselves when
     * {@code agentName} is null (with a signed-in person's review right), or as one of their agents otherwise
     * (no review right: an agent does not approve work).
     */
    public record Direct(String agentName) implements Credential {
    }

    /** A user acting through one of their API tokens on the token's board. */
    public static Actor withToken(User user, Board board, Access access, ApiToken token) {
        return new Actor(user, board, access, new Token(token));
    }

    /** A signed-in person, on no board yet. */
    public static Actor signedIn(User user, WebSession session) {
        return new Actor(user, null, null, new Session(session));
    }

    /**
     * An embedding program acting for {@code user} on {@code board} without a token: as one of the user's agents
     * named {@code agentName}, or as the person when it is null.
     */
    public static Actor direct(User user, Board board, Access access, String agentName) {
        return new Actor(user, Objects.requireNonNull(board, "board"), access, new Direct(agentName));
    }

    /**
     * An agent with write access and no capability limit, for programs and tests that drive the task use
     * cases over a store without users (no directory): the user and board are named by their ids only.
     */
    public static Actor agent(UserId userId, BoardId boardId) {
        return direct(new User(userId, "user-" + userId, null, null, Role.MEMBER, null, null),
                new Board(boardId, "board-" + boardId, Map.of()), Access.MODIFY, "agent");
    }

    /** The same user and credential on another board (a signed-in person opening one of their boards). */
    public Actor onBoard(Board onto, Access accessThere) {
        return new Actor(user, onto, accessThere, credential);
    }

    public UserId userId() {
        return user.id();
    }

    /** @throws IllegalStateException for a signed-in person who has not opened a board */
    public BoardId boardId() {
        if (board == null) {
            throw new IllegalStateException("this actor is signed in but on no board");
        }
        return board.id();
    }

    /**
     * The scopes the credential carries: a token's, as it was minted; every scope for a person (a web session, or
     * a program acting as the person); an agent's (read and work) for a program acting as one of the user's agents.
     */
    public Set<Scope> scopes() {
        if (credential instanceof Token token) {
            return token.token().scopes();
        }
        if (credential instanceof Direct direct && direct.agentName() != null) {
            return Scope.AGENT;
        }
        return Scope.ALL;
    }

    /**
     * Whether the actor may act with {@code scope} here: the credential carries it, and the user holds it, by their
     * access to the board ({@link Scope#READ}: any member; {@link Scope#WORK} and {@link Scope#REVIEW}: owner or
     * modify; {@link Scope#BOARD_ADMIN}: owner, or a server admin) or their role ({@link Scope#SERVER_ADMIN}: admin).
     * Nothing else grants authority.
     */
    public boolean holds(Scope scope) {
        if (!scopes().contains(scope)) {
            return false;
        }
        return switch (scope) {
            case READ -> access != null;
            case WORK, REVIEW -> access != null && access.canWrite();
            case BOARD_ADMIN -> access == Access.OWNER || holds(Scope.SERVER_ADMIN);
            case SERVER_ADMIN -> user.role() == Role.ADMIN;
        };
    }

    /** Acts with server-administration authority: an admin user, on a credential with {@link Scope#SERVER_ADMIN}. */
    public boolean admin() {
        return holds(Scope.SERVER_ADMIN);
    }

    /** The token's capabilities; empty (no limit) without a token. */
    public Set<Capability> capabilities() {
        return credential instanceof Token token ? token.token().capabilities() : Set.of();
    }

    /** May do work on the board: {@link Scope#WORK} with owner or modify access. */
    public boolean canWrite() {
        return holds(Scope.WORK);
    }

    /** May administer the board (settings, members, deletes): {@link Scope#BOARD_ADMIN}. */
    public boolean boardOwner() {
        return holds(Scope.BOARD_ADMIN);
    }

    /**
     * May take work past human review (the review decision, mark_done, turning needs_review off):
     * {@link Scope#REVIEW} with owner or modify access. An agent acting directly never may.
     */
    public boolean reviewer() {
        return holds(Scope.REVIEW);
    }

    /** The API token in use, null without one. */
    public Long tokenId() {
        return credential instanceof Token token ? token.token().id() : null;
    }

    /** The API token in use, if the actor came with one. */
    public Optional<ApiToken> token() {
        return credential instanceof Token token ? Optional.of(token.token()) : Optional.empty();
    }

    /** The web session, if the actor is a person signed in to the web interface. */
    public Optional<WebSession> session() {
        return credential instanceof Session session ? Optional.of(session.session()) : Optional.empty();
    }

    public boolean hasCapabilitiesFor(Set<Capability> required) {
        Set<Capability> own = capabilities();
        return own.isEmpty() || own.containsAll(required);
    }

}
