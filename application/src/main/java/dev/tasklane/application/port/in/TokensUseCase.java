package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Capability;

import java.util.List;
import java.util.Set;

/**
 * API tokens: listed, issued, revoked, and the first administrator's token of a new server.
 *
 * <p>Part of {@link IdentityUseCase}; who may do what is the domain's
 * {@link dev.tasklane.domain.identity.IdentityPolicy}, whichever way the actor came.
 */
public interface TokensUseCase {
    /** The actor's tokens (an admin's: everyone's). */
    List<ApiToken> tokens(Actor actor);

    /** A new token; a token minted with a token by a non-admin is never wider than the minting token. */
    IssuedToken createToken(Actor actor, TokenRequest request);

    ApiToken revokeToken(Actor actor, long tokenId);

    /**
     * Creates the Default board and the admin user on an empty store. On a store that has users, a bootstrap token
     * that no token holds yet is created as the admin's on board Default (once: the next start finds it), or ignored
     * with the reason when there is no such admin or board.
     */
    Bootstrap bootstrap(String bootstrapToken);

    /**
     * What a new token is asked to carry. {@code scopes} null means the default: an agent's (read and work), with
     * review too when {@code reviewer}; {@code reviewer} adds the review scope to any set.
     *
     * @param username      the token's owner; null for the actor (only admins may name another user)
     * @param board         board name; null for the actor's board
     * @param expiresInDays null for the default (90 days)
     */
    record TokenRequest(String name, String username, String board, Set<Capability> capabilities, String agentModel,
                        boolean reviewer, Integer expiresInDays, Set<Scope> scopes) {
        public TokenRequest(String name, String username, String board, Set<Capability> capabilities, String agentModel,
                            boolean reviewer, Integer expiresInDays) {
            this(name, username, board, capabilities, agentModel, reviewer, expiresInDays, null);
        }
    }

    /** A new token and its secret, which is shown only this once. */
    record IssuedToken(ApiToken token, String secret, Board board) {
    }

    /**
     * What bootstrap did. {@code adminPassword} is the one-time password printed when no bootstrap token was
     * configured; {@code created} is false when the store already had users. {@code token} says what became of a
     * configured bootstrap token, and {@code tokenNote} why it was ignored (null otherwise).
     */
    record Bootstrap(boolean created, Board board, User admin, String adminPassword, BootstrapToken token,
                     String tokenNote) {
        /** Whether the configured bootstrap token authenticates: created now, or there already. */
        public boolean tokenWorks() {
            return token == BootstrapToken.CREATED || token == BootstrapToken.PRESENT;
        }
    }

    /** What became of a bootstrap token at start. */
    enum BootstrapToken {
        /** None was configured. */
        NONE,
        /** Created now as the admin's token on board Default (on an empty store, or an existing one without it). */
        CREATED,
        /** A valid token with this value exists already; nothing was written. */
        PRESENT,
        /** Not created, for the reason in {@link Bootstrap#tokenNote()}. */
        IGNORED
    }
}
