package dev.tasklane.application.service;

import dev.tasklane.application.port.out.BoardStore;
import dev.tasklane.application.port.out.MembershipStore;
import dev.tasklane.application.port.out.TokenStore;
import dev.tasklane.application.port.out.UserStore;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.agent.BoardAccess;
import dev.tasklane.domain.identity.IdentityPolicy;
import dev.tasklane.domain.identity.IdentityPolicy.Narrowed;
import dev.tasklane.domain.identity.IdentityPolicy.Verdict;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Membership;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.validation.Limit;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The limits of identity values (names, passwords, token lifetimes, agent models), the acts on the directory that
 * {@link IdentityService} and {@link SignInService} share (creating users and boards, issuing and revoking tokens,
 * revoking a demoted member's tokens), and the errors that the domain's {@link IdentityPolicy} verdicts mean.
 *
 * <p>The methods that touch the directory run inside the caller's transaction.
 */
final class IdentityRules {
    static final int DEFAULT_TOKEN_DAYS = 90;
    static final int MAX_TOKEN_DAYS = 3650;
    static final int MIN_PASSWORD_LENGTH = 12;
    static final int MAX_PASSWORD_LENGTH = 1024;
    static final int MAX_NAME_LENGTH = Limit.NAME.max();

    private IdentityRules() {
    }

    // ---- values -------------------------------------------------------------------------------------

    /** A user, board or token name: not blank, at most {@link #MAX_NAME_LENGTH} characters; answered stripped. */
    static String name(String field, String value) {
        if (value == null || value.isBlank()) {
            throw invalid(field, "can't be blank");
        }
        String name = value.strip();
        if (name.codePointCount(0, name.length()) > MAX_NAME_LENGTH) {
            throw invalid(field, "should be at most " + MAX_NAME_LENGTH + " character(s)");
        }
        return name;
    }

    /** A new password: {@link #MIN_PASSWORD_LENGTH} to {@link #MAX_PASSWORD_LENGTH} characters. */
    static String password(String field, String password) {
        if (password == null || password.length() < MIN_PASSWORD_LENGTH) {
            throw invalid(field, "must be at least " + MIN_PASSWORD_LENGTH + " characters");
        }
        if (password.length() > MAX_PASSWORD_LENGTH) {
            throw invalid(field, "must be at most " + MAX_PASSWORD_LENGTH + " characters");
        }
        return password;
    }

    static Role role(Role role) {
        if (role == null) {
            throw invalid("role", "must be admin or member");
        }
        return role;
    }

    static Access access(Access access) {
        if (access == null) {
            throw invalid("access", "must be owner, modify or read_only");
        }
        return access;
    }

    /** A token's lifetime: {@link #DEFAULT_TOKEN_DAYS} unless asked, 1 to {@link #MAX_TOKEN_DAYS} days. */
    static Duration tokenLifetime(Integer expiresInDays) {
        int days = expiresInDays == null ? DEFAULT_TOKEN_DAYS : expiresInDays;
        if (days < 1 || days > MAX_TOKEN_DAYS) {
            throw invalid("expires_in_days", "must be between 1 and " + MAX_TOKEN_DAYS);
        }
        return Duration.ofDays(days);
    }

    /** An agent's name for an actor made directly: not blank, stripped, at most the agent-name cap. */
    static String agentName(String agentName) {
        if (agentName.isBlank()) {
            throw invalid("agent_name", "can't be blank");
        }
        String name = agentName.strip();
        int max = Limit.AGENT_NAME.max();
        if (name.codePointCount(0, name.length()) > max) {
            throw invalid("agent_name", "should be at most " + max + " character(s)");
        }
        return name;
    }

    /** A token's agent model: null when absent or blank, else stripped and at most {@link #MAX_NAME_LENGTH}. */
    static String agentModel(String agentModel) {
        return agentModel == null || agentModel.isBlank() ? null : name("agent_model", agentModel);
    }

    // ---- acts ---------------------------------------------------------------------------------------

    /** A new board of that (checked, stripped) name, owned by {@code ownerId}. */
    static Board createBoard(BoardStore boardStore, MembershipStore membershipStore, String boardName, UserId ownerId) {
        if (boardStore.boardByName(boardName).isPresent()) {
            throw invalid("name", "a board named " + boardName + " already exists");
        }
        Board board = boardStore.insertBoard(boardName);
        membershipStore.putMembership(new Membership(board.id(), ownerId, Access.OWNER));
        return board;
    }

    /** A new user of that (checked, stripped) username; the display name defaults to the username. */
    static User createUser(UserStore userStore, String username, String displayName, String passwordHash,
                           Role role, Instant now) {
        if (userStore.userByUsername(username).isPresent()) {
            throw invalid("username", "is already taken: " + username);
        }
        String display = displayName == null || displayName.isBlank() ? username : name("display_name", displayName);
        return userStore.insertUser(new User(UserId.UNASSIGNED, username, display, passwordHash, role, now, null));
    }

    /** A new token for {@code owner} on {@code board}, who must be a member of it. */
    static IssuedSecret issueToken(MembershipStore membershipStore, TokenStore tokenStore, User owner, Board board,
                                   String name,
                                   Set<Capability> capabilities, String agentModel, Set<Scope> scopes, Instant now,
                                   Instant expiresAt) {
        if (membershipStore.membership(board.id(), owner.id()).isEmpty()) {
            throw invalid("board", owner.username() + " is not a member of board " + board.name()
                    + "; add them to the board's members first");
        }
        String secret = Secrets.newToken();
        ApiToken token = tokenStore.insertToken(new ApiToken(0, name, ApiToken.hashOf(secret), owner.id(), board.id(),
                capabilities == null ? Set.of() : capabilities, agentModel, scopes, now, expiresAt, null, null, null));
        return new IssuedSecret(token, secret);
    }

    /** A stored token and its secret, shown once. */
    record IssuedSecret(ApiToken token, String secret) {
    }

    /**
     * Revokes the user's live tokens on the board: those that could write (a member lowered to read-only), and the
     * reviewer tokens too when {@code reviewerTokensToo} (a member removed from the board).
     */
    static List<ApiToken> revokeBoardTokens(TokenStore tokenStore, UserId userId, BoardId boardId,
                                            boolean reviewerTokensToo, Instant now) {
        return revokeTokens(tokenStore, userId, token -> token.boardId().equals(boardId)
                && (reviewerTokensToo || !token.reviewer()), now);
    }

    /** Revokes the user's live tokens that {@code which} picks, and answers them as revoked, for the audit log. */
    static List<ApiToken> revokeTokens(TokenStore tokenStore, UserId userId, Predicate<ApiToken> which, Instant now) {
        List<ApiToken> revoked = new ArrayList<>();
        for (ApiToken token : tokenStore.tokens(Optional.of(userId))) {
            if (token.revokedAt() == null && which.test(token)) {
                revoked.add(tokenStore.updateToken(token.revokedAt(now)));
            }
        }
        return revoked;
    }

    /** Revokes a token of {@code userId}'s (any token for an admin); revoking twice answers the first revocation. */
    static ApiToken revokeToken(TokenStore tokenStore, long tokenId, UserId userId, boolean admin,
                                Optional<BoardId> onlyBoard, Instant now) {
        ApiToken token = tokenStore.tokenById(tokenId)
                .filter(t -> IdentityPolicy.revokeToken(userId, admin, t.userId()) == Verdict.ALLOWED)
                .filter(t -> onlyBoard.map(t.boardId()::equals).orElse(true))
                .orElseThrow(() -> new NotFoundException("token_not_found", "Token not found"));
        return token.revokedAt() == null ? tokenStore.updateToken(token.revokedAt(now)) : token;
    }

    /**
     * Throws what a refusing {@link IdentityPolicy} verdict means, whichever way the actor came: a non-member is
     * told the board is not found (as a token on another board is), a non-owner that only owners manage it.
     *
     * @param notAdmin the message of a refusal for want of the admin role (what only an admin may do here)
     */
    static void require(Verdict verdict, String notAdmin) {
        switch (verdict) {
            case ALLOWED -> {
            }
            case NOT_ADMIN -> throw new ForbiddenException("not_admin", notAdmin);
            case NOT_A_MEMBER -> throw boardNotFound();
            case NOT_OWNER -> throw notBoardOwner();
            case OWN_ACCESS_LOWERED -> throw invalid("access", "you cannot lower your own access; ask another owner");
            case NOT_REVIEWER -> throw new ForbiddenException(BoardAccess.REVIEWER_TOKEN_CODE, BoardAccess.REVIEWER_TOKEN_MESSAGE);
            case NOT_YOURS -> throw new NotFoundException("token_not_found", "Token not found");
            case NOT_SCOPED -> throw new ForbiddenException(BoardAccess.SCOPE_REQUIRED_CODE, "This needs the "
                    + Scope.BOARD_ADMIN.label() + " scope: your credential was not minted with it. Sign in to the web "
                    + "interface, or use a token minted with that scope");
            case WIDER_SCOPES -> throw new ForbiddenException("token_widening",
                    "a token can mint only tokens with a subset of its own scopes");
            case NOT_PERSON -> throw new ForbiddenException(BoardAccess.REVIEWER_TOKEN_CODE, "Only a person (signed in "
                    + "to the web interface, or with a password sign-in) or a server admin's token can mint a token "
                    + "with the " + Scope.REVIEW.label() + ", " + Scope.BOARD_ADMIN.label() + " or "
                    + Scope.SERVER_ADMIN.label() + " scope: an agent's token never mints authority it was not given");
            case SCOPE_NOT_HELD -> throw new ForbiddenException(BoardAccess.SCOPE_REQUIRED_CODE, "The token's owner "
                    + "does not hold that scope on the board (board:admin needs owner access, server:admin the admin "
                    + "role), so a token cannot carry it");
            case WIDER_BOARD, WIDER_CAPABILITIES, LATER_EXPIRY ->
                    throw new ForbiddenException("token_widening", "a token can mint only tokens no wider than itself");
        }
    }

    /** Throws what a refused narrowing means, naming the minting token's own limit. */
    static void requireNarrow(Narrowed narrowed, ApiToken minting, Board mintingBoard, String requestedBoard) {
        switch (narrowed.verdict()) {
            case ALLOWED -> {
            }
            case WIDER_BOARD -> throw new ForbiddenException("token_widening", "A token can only mint tokens for its own board ("
                    + mintingBoard.name() + "); ask an admin for a token on board " + requestedBoard);
            case WIDER_CAPABILITIES -> throw new ForbiddenException("token_widening",
                    "capabilities must be a subset of your token's: "
                            + minting.capabilities().stream().map(Capability::code).sorted().toList());
            case LATER_EXPIRY -> throw new ForbiddenException("token_widening",
                    "expires_in_days reaches past your token's own expiry (" + minting.expiresAt() + "); ask for fewer days");
            default -> require(narrowed.verdict(), null);
        }
    }

    private static ForbiddenException notBoardOwner() {
        return new ForbiddenException("not_board_owner", "Only the board's owners or an admin can manage the board");
    }

    /**
     * Refuses anyone but the board's owners and the server's admins: 404 for a board that does not exist or is not
     * the caller's to see, 403 {@code not_board_owner} with {@code refusal} for a member who does not own it.
     */
    static void administer(BoardStore boardStore, MembershipStore membershipStore, Actor actor, BoardId boardId,
                           String refusal) {
        boardStore.boardById(boardId).orElseThrow(IdentityRules::boardNotFound);
        java.util.Optional<dev.tasklane.domain.identity.Access> access = membershipStore.membership(boardId, actor.userId())
                .map(dev.tasklane.domain.identity.Membership::access);
        Verdict verdict = BoardAccess.administer(actor, boardId, access);
        if (verdict == Verdict.NOT_OWNER) {
            throw new dev.tasklane.domain.error.ForbiddenException("not_board_owner", refusal);
        }
        require(verdict, null);
    }

    static NotFoundException boardNotFound() {
        return new NotFoundException("board_not_found", "Board not found");
    }

    static NotFoundException userNotFound() {
        return new NotFoundException("user_not_found", "User not found");
    }

    static InvalidInputException invalid(String field, String message) {
        return new InvalidInputException("invalid_param", field + " " + message, new ErrorDetails.Field(field));
    }
}
