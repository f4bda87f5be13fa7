package dev.tasklane.application.usecase;

import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.application.port.in.TokensUseCase.IssuedToken;
import dev.tasklane.application.port.in.TokensUseCase.TokenRequest;
import dev.tasklane.application.port.in.SignInThrottledException;
import dev.tasklane.application.port.in.SignInUseCase;
import dev.tasklane.application.port.in.SignInUseCase.SignedIn;
import dev.tasklane.application.port.in.UnauthenticatedException;
import dev.tasklane.application.port.out.SessionStore;
import dev.tasklane.application.service.SignInSettings;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.domain.agent.BoardAccess;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Capability;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Password sign-in, sessions kept in the store, the failed sign-in limits, and what a signed-in person may do,
 * through the use cases against a store adapter. Two {@link Tasklane} instances over the same stores stand for two
 * servers sharing one database: a session opened on one is known to the other.
 */
public abstract class SignInContract {
    private static final String PASSWORD = "a long enough password";
    private static final Duration TTL = Duration.ofHours(2);
    private static final int ACCOUNT_LIMIT = 3;
    private static final int ADDRESS_LIMIT = 5;
    private static final Duration WINDOW = Duration.ofMinutes(10);
    private static final Duration MAX_AGE = Duration.ofHours(5);

    /** The stores of one adapter and its session store, sharing one transaction manager. */
    public record Stores(StoreSet stores, SessionStore sessions) {
    }

    protected abstract Stores newStores();

    private MutableClock clock;
    private Stores stores;
    private Tasklane server;
    private Tasklane otherServer;
    private String adminPassword;
    private Board board;

    @BeforeEach
    void bootstrap() {
        stores = newStores();
        clock = new MutableClock(Instant.parse("2030-01-01T12:00:00Z"));
        server = build(stores, false);
        otherServer = build(stores, false);
        IdentityUseCase.Bootstrap started = server.identity().bootstrap(null);
        adminPassword = started.adminPassword();
        board = started.board();
    }

    private Tasklane build(Stores stores, boolean openBoards) {
        return Tasklane.builder()
                .openBoards(openBoards)
                .stores(stores.stores().tasks(), stores.stores().directory(), stores.stores().transactions())
                .sessions(stores.sessions())
                .signInSettings(new SignInSettings(TTL, ACCOUNT_LIMIT, ADDRESS_LIMIT, WINDOW, MAX_AGE))
                .clock(clock)
                .build();
    }

    private SignInUseCase signIn() {
        return server.signIn();
    }

    private IdentityUseCase identity() {
        return server.identity();
    }

    private Actor admin;

    /** The admin, signed in once per test (each password check costs a deliberately slow hash). */
    private Actor admin() {
        if (admin == null) {
            admin = signIn().signIn("admin", adminPassword, "10.0.0.1").person();
        }
        return admin;
    }

    private User member(String username, Access access) {
        Actor admin = admin();
        User user = identity().createUser(admin, username, null, PASSWORD, Role.MEMBER);
        identity().putMember(admin, board.id(), username, access);
        return user;
    }

    @Test
    void theOneTimeAdminPasswordSignsInAndTheSessionIsSharedByEveryServer() {
        SignedIn signedIn = signIn().signIn("admin", adminPassword, "10.0.0.1");

        assertEquals("admin", signedIn.person().user().username());
        Actor elsewhere = otherServer.signIn().resolve(signedIn.secret());
        assertEquals(signedIn.person().user(), elsewhere.user());
        assertEquals(signedIn.person().session().orElseThrow().csrfToken(), elsewhere.session().orElseThrow().csrfToken());
        assertNotEquals(signedIn.secret(), signedIn.person().session().orElseThrow().secretHash(), "only the secret's hash is stored");
    }

    @Test
    void wrongPasswordsAndUnknownUsersAreRefusedAlike() {
        UnauthenticatedException wrong = assertThrows(UnauthenticatedException.class,
                () -> signIn().signIn("admin", "not the password", "10.0.0.1"));
        UnauthenticatedException unknown = assertThrows(UnauthenticatedException.class,
                () -> signIn().signIn("nobody", PASSWORD, "10.0.0.2"));
        assertEquals(wrong.getMessage(), unknown.getMessage());
        assertThrows(UnauthenticatedException.class, () -> signIn().resolve("not a session"));
        assertThrows(UnauthenticatedException.class, () -> signIn().resolve(null));
    }

    @Test
    void failedSignInsAreLimitedPerAccountUntilTheWindowPasses() {
        for (int i = 0; i < ACCOUNT_LIMIT; i++) {
            String address = "10.0.1." + i;
            assertThrows(UnauthenticatedException.class, () -> signIn().signIn("admin", "wrong", address));
        }
        SignInThrottledException throttled = assertThrows(SignInThrottledException.class,
                () -> signIn().signIn("admin", adminPassword, "10.0.9.9"));
        assertTrue(throttled.retryAfterSeconds() > 0 && throttled.retryAfterSeconds() <= WINDOW.toSeconds() + 1);

        clock.advance(WINDOW.plusSeconds(1));
        assertEquals("admin", signIn().signIn("admin", adminPassword, "10.0.9.9").person().user().username());
    }

    @Test
    void failedSignInsAreLimitedPerAddressAcrossAccounts() {
        for (int i = 0; i < ADDRESS_LIMIT; i++) {
            String username = "guess" + i;
            assertThrows(UnauthenticatedException.class, () -> signIn().signIn(username, "wrong", "10.0.2.1"));
        }
        assertThrows(SignInThrottledException.class, () -> signIn().signIn("admin", adminPassword, "10.0.2.1"));
        assertEquals("admin", signIn().signIn("admin", adminPassword, "10.0.2.2").person().user().username(),
                "another address may still sign in");
    }

    @Test
    void sessionsExpireSlideAndEndOnSignOut() {
        SignedIn signedIn = signIn().signIn("admin", adminPassword, "10.0.0.1");
        clock.advance(TTL.dividedBy(2).plusMinutes(1));
        Actor renewed = signIn().resolve(signedIn.secret());
        assertTrue(renewed.session().orElseThrow().expiresAt().isAfter(signedIn.person().session().orElseThrow().expiresAt()), "a visit renews it");
        clock.advance(TTL.minusMinutes(1));
        signIn().resolve(signedIn.secret());

        signIn().signOut(signedIn.secret());
        assertThrows(UnauthenticatedException.class, () -> otherServer.signIn().resolve(signedIn.secret()));

        SignedIn idle = signIn().signIn("admin", adminPassword, "10.0.0.1");
        clock.advance(TTL.plusSeconds(1));
        assertThrows(UnauthenticatedException.class, () -> signIn().resolve(idle.secret()));
        assertEquals(1, signIn().sweepExpiredSessions());
    }

    @Test
    void aSessionEndsAtItsAbsoluteLifetimeHoweverOftenItIsUsed() {
        SignedIn signedIn = signIn().signIn("admin", adminPassword, "10.0.0.1");
        Instant signedInAt = clock.instant();
        Instant last = signedInAt.plus(MAX_AGE);
        while (clock.instant().plus(Duration.ofMinutes(50)).isBefore(last)) {
            clock.advance(Duration.ofMinutes(50));
            Actor visit = otherServer.signIn().resolve(signedIn.secret());
            assertFalse(visit.session().orElseThrow().expiresAt().isAfter(last),
                    "sliding never goes past the absolute lifetime: " + visit.session().orElseThrow().expiresAt());
        }
        clock.advance(Duration.between(clock.instant(), last).minusSeconds(1));
        signIn().resolve(signedIn.secret());
        clock.advance(Duration.ofSeconds(1));
        assertThrows(UnauthenticatedException.class, () -> signIn().resolve(signedIn.secret()),
                "used every 50 minutes, the session still ends " + MAX_AGE + " after sign-in");
    }

    @Test
    void theOneTimeAdminPasswordMustBeReplacedOnceAndThenStopsWorking() {
        SignedIn first = signIn().signIn("admin", adminPassword, "10.0.0.1");
        assertTrue(first.person().user().passwordChangeRequired(), "the printed password is someone else's choice");
        IssuedToken traded = signIn().signInForToken("admin", adminPassword, board.name(), "10.0.0.1");
        assertTrue(server.identity().authenticate(traded.secret(), null).user().passwordChangeRequired(),
                "the API's password sign-in accepts it (the banner's curl line): decided and documented");

        InvalidInputException same = assertThrows(InvalidInputException.class,
                () -> signIn().setRequiredPassword(first.person(), adminPassword, false));
        assertTrue(same.getMessage().contains("other than"), same.getMessage());
        assertThrows(InvalidInputException.class, () -> signIn().setRequiredPassword(first.person(), "short", false));
        SignedIn fresh = signIn().setRequiredPassword(first.person(), "the admin's own password", true);

        assertFalse(fresh.person().user().passwordChangeRequired());
        assertFalse(otherServer.signIn().resolve(fresh.secret()).user().passwordChangeRequired());
        assertThrows(UnauthenticatedException.class, () -> signIn().resolve(first.secret()), "the old session ended");
        assertThrows(UnauthenticatedException.class, () -> server.identity().authenticate(traded.secret(), null),
                "the token traded for the one-time password was revoked as asked");
        assertThrows(UnauthenticatedException.class, () -> signIn().signIn("admin", adminPassword, "10.0.0.2"));
        assertThrows(dev.tasklane.domain.error.InvalidStateException.class,
                () -> signIn().setRequiredPassword(fresh.person(), "yet another password", false),
                "once set, a change needs the current password");
        assertFalse(signIn().signIn("admin", "the admin's own password", "10.0.0.2").person().user()
                .passwordChangeRequired());
    }

    /**
     * A token belongs to one board, also for its user's other tokens: a token of one board neither lists nor revokes
     * the tokens its user holds on another board, though the same person, signed in, sees and revokes them all.
     */
    @Test
    void aTokenOfOneBoardNeitherListsNorRevokesItsUsersTokensOfAnother() {
        User olive = member("olive", Access.OWNER);
        Board second = identity().createBoard(admin(), "Second");
        identity().putMember(admin(), second.id(), "olive", Access.OWNER);
        Actor person = signIn().signIn("olive", PASSWORD, "10.0.0.1").person();
        IssuedToken here = identity().createToken(person,
                new TokenRequest("here", null, board.name(), Set.of(), null, false, null));
        IssuedToken there = identity().createToken(person,
                new TokenRequest("there", null, second.name(), Set.of(), null, false, null));
        Actor herePower = identity().authenticate(here.secret(), null);

        assertEquals(List.of(here.token().id()), identity().tokens(herePower).stream().map(ApiToken::id).toList(),
                "only the tokens of the token's own board");
        assertThrows(NotFoundException.class, () -> identity().revokeToken(herePower, there.token().id()));
        assertEquals(olive.id(), identity().authenticate(there.secret(), null).user().id(),
                "the other board's token still works");
        assertEquals(Set.of(here.token().id(), there.token().id()),
                identity().tokens(person).stream().map(ApiToken::id).collect(java.util.stream.Collectors.toSet()),
                "the person sees both");
        identity().revokeToken(person, there.token().id());
        assertThrows(UnauthenticatedException.class, () -> identity().authenticate(there.secret(), null));
    }

    @Test
    void changingThePasswordRevokesThePersonsTokensOnlyWhenAsked() {
        SignedIn first = signIn().signIn("admin", adminPassword, "10.0.0.1");
        IssuedToken kept = signIn().signInForToken("admin", adminPassword, board.name(), "10.0.0.1");
        SignedIn changed = signIn().changePassword(first.person(), adminPassword, "a brand new password", "10.0.0.1",
                false);
        server.identity().authenticate(kept.secret(), null);
        IssuedToken revoked = signIn().signInForToken("admin", "a brand new password", board.name(), "10.0.0.1");

        signIn().changePassword(changed.person(), "a brand new password", "a newer password still", "10.0.0.1", true);

        assertThrows(UnauthenticatedException.class, () -> server.identity().authenticate(kept.secret(), null));
        assertThrows(UnauthenticatedException.class, () -> server.identity().authenticate(revoked.secret(), null));
        assertTrue(server.identity().tokens(signIn().signIn("admin", "a newer password still", "10.0.0.1").person())
                .stream().allMatch(token -> token.revokedAt() != null), "every token of theirs is revoked");
    }

    @Test
    void changingThePasswordEndsEverySessionAndTheOldPassword() {
        SignedIn first = signIn().signIn("admin", adminPassword, "10.0.0.1");
        SignedIn second = signIn().signIn("admin", adminPassword, "10.0.0.2");
        assertThrows(UnauthenticatedException.class,
                () -> signIn().changePassword(first.person(), "not the password", "a brand new password", "10.0.0.1"));
        assertThrows(InvalidInputException.class,
                () -> signIn().changePassword(first.person(), adminPassword, "short", "10.0.0.1"));

        SignedIn fresh = signIn().changePassword(first.person(), adminPassword, "a brand new password", "10.0.0.1");

        assertThrows(UnauthenticatedException.class, () -> signIn().resolve(first.secret()));
        assertThrows(UnauthenticatedException.class, () -> signIn().resolve(second.secret()));
        assertEquals("admin", signIn().resolve(fresh.secret()).user().username());
        assertThrows(UnauthenticatedException.class, () -> signIn().signIn("admin", adminPassword, "10.0.0.3"));
        signIn().signIn("admin", "a brand new password", "10.0.0.3");
    }

    @Test
    void aDisabledOrResetUserIsSignedOut() {
        member("bob", Access.MODIFY);
        SignedIn bob = signIn().signIn("bob", PASSWORD, "10.0.0.5");
        identity().resetPassword(admin(), bob.person().user().id(), "another good password");
        assertThrows(UnauthenticatedException.class, () -> signIn().resolve(bob.secret()));
        SignedIn reset = signIn().signIn("bob", "another good password", "10.0.0.5");
        assertTrue(reset.person().user().passwordChangeRequired(), "the admin chose it: bob replaces it first");
        assertThrows(InvalidInputException.class,
                () -> signIn().setRequiredPassword(reset.person(), "another good password", false));
        SignedIn again = signIn().setRequiredPassword(reset.person(), "bob's own new password", false);
        assertFalse(again.person().user().passwordChangeRequired());
        assertThrows(UnauthenticatedException.class, () -> signIn().signIn("bob", "another good password", "10.0.0.5"),
                "the reset password stops working once bob set his own");

        identity().setDisabled(admin(), again.person().user().id(), true);

        assertThrows(UnauthenticatedException.class, () -> signIn().resolve(again.secret()));
        assertThrows(UnauthenticatedException.class, () -> signIn().signIn("bob", "bob's own new password", "10.0.0.6"));
        assertThrows(ForbiddenException.class, () -> identity().setDisabled(again.person(), UserId.of(1), true));
    }

    @Test
    void aPersonActsOnABoardWithTheirMembershipsAccess() {
        member("rita", Access.READ_ONLY);
        member("bob", Access.MODIFY);
        Actor rita = signIn().signIn("rita", PASSWORD, "10.0.0.7").person();
        Actor bob = signIn().signIn("bob", PASSWORD, "10.0.0.8").person();

        Actor readOnly = identity().onBoard(rita, board.id());
        Actor writer = identity().onBoard(bob, board.id());

        assertFalse(readOnly.canWrite());
        assertFalse(readOnly.reviewer(), "a read_only member has no reviewer right");
        assertTrue(writer.canWrite());
        assertTrue(writer.reviewer(), "a person who can write may review, unlike an agent's token");
        Board other = identity().createBoard(admin(), "Other");
        assertThrows(NotFoundException.class, () -> identity().onBoard(bob, other.id()));
        assertThrows(ForbiddenException.class, () -> identity().users(bob));
        assertThrows(ForbiddenException.class, () -> identity().putMember(bob, board.id(), "rita", Access.OWNER));
        assertThrows(ForbiddenException.class, () -> identity().renameBoard(bob, board.id(), "Mine"));
    }

    /** docs/rules.md, "Access": an owner cannot lower their own access, in the browser or with a token. */
    @Test
    void anOwnerCannotLowerTheirOwnAccessWhetherAsAPersonOrWithAToken() {
        member("olive", Access.OWNER);
        Actor olive = signIn().signIn("olive", PASSWORD, "10.0.0.9").person();
        Actor agentToken = server.identity().authenticate(identity().createToken(olive,
                new TokenRequest("olive's agent", null, board.name(), Set.of(), null, false, null)).secret(), null);
        assertEquals(BoardAccess.SCOPE_REQUIRED_CODE, assertThrows(ForbiddenException.class,
                () -> server.identity().putMember(agentToken, board.id(), "rita", Access.OWNER)).code(),
                "an owner's agent token was not minted to administer the board");
        Actor oliveToken = server.identity().authenticate(identity().createToken(olive,
                new TokenRequest("olive's", null, board.name(), Set.of(), null, false, null,
                        Set.of(Scope.READ, Scope.BOARD_ADMIN))).secret(), null);

        InvalidInputException asPerson = assertThrows(InvalidInputException.class,
                () -> identity().putMember(olive, board.id(), "olive", Access.MODIFY));
        InvalidInputException asToken = assertThrows(InvalidInputException.class,
                () -> server.identity().putMember(oliveToken, board.id(), "olive", Access.READ_ONLY));
        assertEquals(asPerson.getMessage(), asToken.getMessage());
        assertEquals(List.of(Access.OWNER), identity().members(admin(), board.id()).stream()
                .filter(m -> m.user().username().equals("olive")).map(IdentityUseCase.Member::access).toList(),
                "nothing changed");
        member("rita", Access.MODIFY);
        assertEquals(Access.READ_ONLY, server.identity().putMember(oliveToken, board.id(), "rita", Access.READ_ONLY)
                .access(), "an owner may still lower another member");
    }

    /** docs/embedding.md: an embedding program makes its actors directly, as the person or as one of their agents. */
    @Test
    void anActorMadeDirectlyActsWithItsMembershipsAccessAndNoToken() {
        member("bob", Access.MODIFY);
        Actor asPerson = identity().actAs("bob", board.id(), null);
        Actor asAgent = identity().actAs("bob", board.id(), "bob-agent");

        assertEquals("bob", asAgent.user().username());
        assertEquals(board.id(), asAgent.boardId());
        assertEquals(Access.MODIFY, asAgent.access());
        assertTrue(asAgent.canWrite());
        assertFalse(asAgent.reviewer(), "an agent does not review, as an agent's token does not");
        assertTrue(asPerson.reviewer(), "the person who can write may review, as in the browser");
        assertEquals(null, asAgent.tokenId());
        assertTrue(asAgent.token().isEmpty() && asAgent.session().isEmpty());

        Board other = identity().createBoard(admin(), "Other");
        assertThrows(NotFoundException.class, () -> identity().actAs("bob", other.id(), "bob-agent"), "not a member");
        assertThrows(NotFoundException.class, () -> identity().actAs("nobody", board.id(), null));
        assertThrows(InvalidInputException.class, () -> identity().actAs("bob", board.id(), " "));
        identity().setDisabled(admin(), asAgent.userId(), true);
        assertThrows(NotFoundException.class, () -> identity().actAs("bob", board.id(), null), "a disabled user");
    }

    /** One policy, whichever way the actor came: a person, a token and an actor made directly are refused alike. */
    @Test
    void anOwnerLoweringThemselvesIsRefusedAlikeInEveryWayIn() {
        member("olive", Access.OWNER);
        Actor inTheBrowser = signIn().signIn("olive", PASSWORD, "10.0.0.9").person();
        Actor overTheApi = server.identity().authenticate(identity().createToken(inTheBrowser,
                new TokenRequest("olive's", null, board.name(), Set.of(), null, false, null,
                        Set.of(Scope.READ, Scope.BOARD_ADMIN))).secret(), null);
        Actor embedded = identity().actAs("olive", board.id(), null);

        List<String> refusals = new java.util.ArrayList<>();
        for (Actor olive : List.of(inTheBrowser, overTheApi, embedded)) {
            refusals.add(assertThrows(InvalidInputException.class,
                    () -> identity().putMember(olive, board.id(), "olive", Access.READ_ONLY)).getMessage());
        }
        assertEquals(List.of("access you cannot lower your own access; ask another owner"), refusals.stream().distinct().toList());
        assertEquals(Access.OWNER, identity().access(embedded, board.id()), "nothing changed");

        Board other = identity().createBoard(admin(), "Other");
        assertThrows(NotFoundException.class, () -> identity().putMember(overTheApi, other.id(), "olive", Access.OWNER),
                "a non-member does not see the board, with a token as in the browser");
        assertThrows(NotFoundException.class, () -> identity().putMember(inTheBrowser, other.id(), "olive", Access.OWNER));
        assertThrows(NotFoundException.class, () -> identity().onBoard(overTheApi, other.id()),
                "a token acts on its own board only");
    }

    /** docs/rules.md, "Access": one rule, one code, one message, whether a person or a token asks. */
    @Test
    void aReviewerTokenIsRefusedAlikeToAPersonWithoutWriteAccessAndToAnOrdinaryToken() {
        member("rita", Access.READ_ONLY);
        member("bob", Access.MODIFY);
        Actor rita = signIn().signIn("rita", PASSWORD, "10.0.0.7").person();
        Actor bob = signIn().signIn("bob", PASSWORD, "10.0.0.8").person();
        TokenRequest reviewer = new TokenRequest("reviewer", null, board.name(), Set.of(), null, true, null);

        ForbiddenException asPerson = assertThrows(ForbiddenException.class, () -> identity().createToken(rita, reviewer));
        IssuedToken ordinary = identity().createToken(bob, new TokenRequest("laptop", null, board.name(), Set.of(), null,
                false, null));
        Actor agent = server.identity().authenticate(ordinary.secret(), "agent");
        ForbiddenException asToken = assertThrows(ForbiddenException.class,
                () -> server.identity().createToken(agent, reviewer));

        for (ForbiddenException refused : java.util.List.of(asPerson, asToken)) {
            assertEquals(BoardAccess.REVIEWER_TOKEN_CODE, refused.code());
            assertEquals(BoardAccess.REVIEWER_TOKEN_MESSAGE, refused.getMessage());
        }
        assertTrue(identity().createToken(bob, reviewer).token().reviewer(), "a member who can write may mint one");
        Actor reviewerToken = server.identity().authenticate(identity().createToken(bob, reviewer).secret(), "agent");
        ForbiddenException byReviewerToken = assertThrows(ForbiddenException.class,
                () -> server.identity().createToken(reviewerToken, reviewer));
        assertEquals(BoardAccess.REVIEWER_TOKEN_CODE, byReviewerToken.code(),
                "a reviewer token does not mint review authority: only a person or a server admin does");
    }

    @Test
    void tokensCreatedByAPersonFollowTheBoardAccessRules() {
        member("rita", Access.READ_ONLY);
        member("bob", Access.MODIFY);
        Actor rita = signIn().signIn("rita", PASSWORD, "10.0.0.7").person();
        Actor bob = signIn().signIn("bob", PASSWORD, "10.0.0.8").person();

        IssuedToken issued = identity().createToken(bob, new TokenRequest("laptop", null, board.name(),
                Set.of(Capability.TESTING), "model-x", true, 7));
        assertEquals(bob.user().id(), server.identity().authenticate(issued.secret(), "agent").user().id());
        assertEquals(clock.instant().plus(Duration.ofDays(7)), issued.token().expiresAt());
        assertThrows(ForbiddenException.class, () -> identity().createToken(rita, new TokenRequest("reviewer", null,
                board.name(), Set.of(), null, true, null)), "a read_only member cannot mint a reviewer token");
        assertThrows(ForbiddenException.class, () -> identity().createToken(bob, new TokenRequest("for rita", "rita",
                board.name(), Set.of(), null, false, null)));
        assertThrows(InvalidInputException.class, () -> identity().createToken(bob, new TokenRequest("nowhere", null,
                "No such board", Set.of(), null, false, null)));
        assertThrows(NotFoundException.class, () -> identity().revokeToken(rita, issued.token().id()));

        identity().revokeToken(bob, issued.token().id());
        assertThrows(UnauthenticatedException.class, () -> server.identity().authenticate(issued.secret(), "agent"));
    }

    @Test
    void passwordSignInOverTheApiIssuesATokenForAMembersBoard() {
        IssuedToken issued = signIn().signInForToken("admin", adminPassword, board.name(), "10.0.0.1");
        assertEquals(board.id(), server.identity().authenticate(issued.secret(), null).board().id());
        assertEquals(Scope.ALL, issued.token().scopes(), "a password sign-in is the person: every scope they hold");
        member("mona", Access.MODIFY);
        assertEquals(Set.of(Scope.READ, Scope.WORK, Scope.REVIEW),
                signIn().signInForToken("mona", PASSWORD, board.name(), "10.0.0.3").token().scopes());

        identity().createBoard(admin(), "Elsewhere");
        member("bob", Access.MODIFY);
        assertThrows(InvalidInputException.class, () -> signIn().signInForToken("bob", PASSWORD, "Elsewhere", "10.0.0.8"));
        assertThrows(UnauthenticatedException.class, () -> signIn().signInForToken("bob", "wrong", board.name(), "10.0.0.8"));
    }

    @Test
    void removingAMemberRevokesTheirTokensForThatBoard() {
        member("bob", Access.MODIFY);
        Actor bob = signIn().signIn("bob", PASSWORD, "10.0.0.8").person();
        IssuedToken issued = identity().createToken(bob, new TokenRequest("laptop", null, board.name(), Set.of(), null, false, null));

        identity().removeMember(admin(), board.id(), bob.user().id());

        assertThrows(UnauthenticatedException.class, () -> server.identity().authenticate(issued.secret(), "agent"));
        assertThrows(NotFoundException.class, () -> identity().onBoard(bob, board.id()));
        assertThrows(NotFoundException.class, () -> identity().removeMember(admin(), board.id(), bob.user().id()));
    }

    @Test
    void thePeopleServiceAppliesTheIdentityRulesOfTheApi() {
        member("bob", Access.MODIFY);
        Actor bob = signIn().signIn("bob", PASSWORD, "10.0.0.8").person();
        Actor bobOverTheApi = identity().onBoard(bob, board.id());
        Actor adminOverTheApi = identity().onBoard(admin(), board.id());
        String tooLong = "x".repeat(256);

        // TASKLANE_OPEN_BOARDS decides for both ways in: off, only admins create boards
        assertThrows(ForbiddenException.class, () -> identity().createBoard(bob, "Bob's"));
        assertThrows(ForbiddenException.class, () -> server.identity().createBoard(bobOverTheApi, "Bob's"));
        Tasklane open = build(stores, true);
        Board created = open.identity().createBoard(bob, "  Bob's  ");
        assertEquals("Bob's", created.name(), "names are stripped");
        assertEquals(Access.OWNER, identity().access(bob, created.id()));
        assertThrows(InvalidInputException.class, () -> open.identity().createBoard(bobOverTheApi, " Bob's"),
                "the API strips too, so the name is taken");

        // the same limits on names, passwords, token lifetimes and agent models
        assertThrows(InvalidInputException.class, () -> identity().createUser(admin(), tooLong, null, PASSWORD, Role.MEMBER));
        assertThrows(InvalidInputException.class, () -> server.identity().createUser(adminOverTheApi, tooLong, null,
                PASSWORD, Role.MEMBER));
        String longPassword = "p".repeat(1025);
        assertThrows(InvalidInputException.class, () -> identity().createUser(admin(), "carol", null, longPassword, Role.MEMBER));
        assertThrows(InvalidInputException.class, () -> server.identity().createUser(adminOverTheApi, "carol", null,
                longPassword, Role.MEMBER));
        for (TokenRequest bad : new TokenRequest[] {
            new TokenRequest(tooLong, null, board.name(), Set.of(), null, false, null),
            new TokenRequest("laptop", null, board.name(), Set.of(), tooLong, false, null),
            new TokenRequest("laptop", null, board.name(), Set.of(), null, false, 0),
            new TokenRequest("laptop", null, board.name(), Set.of(), null, false, 3651)}) {
            assertThrows(InvalidInputException.class, () -> identity().createToken(bob, bad), bad.toString());
            assertThrows(InvalidInputException.class, () -> server.identity().createToken(adminOverTheApi, bad), bad.toString());
        }
        IssuedToken viaWeb = identity().createToken(bob, new TokenRequest(" laptop ", null, board.name(), Set.of(), " model ",
                false, null));
        IssuedToken viaApi = server.identity().createToken(adminOverTheApi, new TokenRequest(" laptop ", "bob", null,
                Set.of(), " model ", false, null));
        for (IssuedToken issued : new IssuedToken[] {viaWeb, viaApi}) {
            assertEquals("laptop", issued.token().name());
            assertEquals("model", issued.token().agentModel());
            assertEquals(clock.instant().plus(Duration.ofDays(90)), issued.token().expiresAt(), "the default lifetime");
        }
    }
}
