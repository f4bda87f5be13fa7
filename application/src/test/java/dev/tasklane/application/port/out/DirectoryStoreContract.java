package dev.tasklane.application.port.out;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Membership;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.validation.Limit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static dev.tasklane.application.testing.Tasks.NOW;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The contract of {@link DirectoryStore}. Every store adapter extends this class with only {@link #newStores()}. */
public abstract class DirectoryStoreContract {
    protected StoreSet stores;
    protected DirectoryStore directory;

    /** Fresh, empty stores sharing one transaction manager. */
    protected abstract StoreSet newStores();

    @BeforeEach
    void createStores() {
        stores = newStores();
        directory = stores.directory();
    }

    private User user(String username) {
        return stores.tx(() -> directory.insertUser(
                new User(UserId.UNASSIGNED, username, username.toUpperCase(java.util.Locale.ROOT), "hash", Role.MEMBER, NOW, null)));
    }

    private ApiToken token(String hash, UserId userId, long boardId) {
        return token(hash, userId, BoardId.of(boardId));
    }

    private ApiToken token(String hash, UserId userId, BoardId boardId) {
        return stores.tx(() -> directory.insertToken(new ApiToken(0, "token " + hash, hash, userId, boardId,
                Set.of(Capability.TESTING), "model", ApiToken.scopesOf(false), NOW, null, null, null, null)));
    }

    // ---- length limits and concurrent creation -----------------------------------

    /** A string of {@code limit}'s maximum length made of characters outside the BMP (two UTF-16 units each). */
    private static String longest(Limit limit) {
        return "\uD83D\uDE42".repeat(limit.max());
    }

    @Test
    void namesAtTheirLengthLimitAreStoredAndReadBackUnchanged() {
        String name = longest(Limit.NAME);
        User user = stores.tx(() -> directory.insertUser(new User(UserId.UNASSIGNED, name, name, "hash", Role.MEMBER, NOW, null)));
        Board board = stores.tx(() -> directory.insertBoard(name));
        ApiToken token = stores.tx(() -> directory.insertToken(new ApiToken(0, name, "limits", user.id(), board.id(),
                Set.of(), name, ApiToken.scopesOf(false), NOW, null, null, NOW, longest(Limit.AGENT_NAME))));

        assertEquals(name, stores.tx(() -> directory.userByUsername(name)).orElseThrow().displayName());
        assertEquals(board.id(), stores.tx(() -> directory.boardByName(name)).orElseThrow().id());
        ApiToken read = stores.tx(() -> directory.tokenByHash("limits")).orElseThrow();
        assertEquals(List.of(name, name, longest(Limit.AGENT_NAME)), List.of(read.name(), read.agentModel(), read.lastAgentName()));
        assertEquals(token.id(), read.id());
    }

    @Test
    void simultaneousCreatesOfOneUsernameOrBoardNameLeaveOneAndRefuseTheOthersAsConflicts() throws Exception {
        int racers = 6;
        for (int round = 0; round < 3; round++) {
            String name = "racer-" + round;
            assertEquals(racers - 1, race(racers, () -> stores.tx(() -> directory.insertUser(
                    new User(UserId.UNASSIGNED, name, name, "hash", Role.MEMBER, NOW, null)))), "username " + name);
            assertEquals(racers - 1, race(racers, () -> stores.tx(() -> directory.insertBoard(name))), "board " + name);
        }
        assertEquals(3, stores.tx(directory::users).size());
    }

    /** Runs {@code create} on {@code racers} threads released together; the number refused with a conflict. */
    private static int race(int racers, Runnable create) throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(racers);
        try {
            java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(racers);
            List<java.util.concurrent.Future<Boolean>> results = new java.util.ArrayList<>();
            for (int i = 0; i < racers; i++) {
                results.add(pool.submit(() -> {
                    start.await();
                    try {
                        create.run();
                        return true;
                    } catch (ConflictException refused) {
                        return false;
                    }
                }));
            }
            int refused = 0;
            for (java.util.concurrent.Future<Boolean> result : results) {
                refused += result.get(60, java.util.concurrent.TimeUnit.SECONDS) ? 0 : 1;
            }
            return refused;
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void noUsersUntilOneIsInserted() {
        assertFalse(stores.tx(directory::hasUsers));
        user("ada");
        assertTrue(stores.tx(directory::hasUsers));
    }

    @Test
    void usersGetIdsAndAreFoundByIdAndUsername() {
        User ada = user("ada");
        User bob = user("bob");

        assertNotEquals(0, ada.id());
        assertNotEquals(ada.id(), bob.id());
        assertEquals(ada, stores.tx(() -> directory.userById(ada.id())).orElseThrow());
        assertEquals(bob, stores.tx(() -> directory.userByUsername("bob")).orElseThrow());
        assertTrue(stores.tx(() -> directory.userByUsername("carol")).isEmpty());
        assertTrue(stores.tx(() -> directory.userById(UserId.of(ada.id().value() + bob.id().value()))).isEmpty());
        assertEquals(Set.of(ada, bob), new HashSet<>(stores.tx(directory::users)));
    }

    @Test
    void boardsHaveFourDistinctColumnIds() {
        Board board = stores.tx(() -> directory.insertBoard("Main"));
        Board other = stores.tx(() -> directory.insertBoard("Side"));

        assertEquals(Set.of(Status.values()), board.columnIds().keySet());
        Set<Long> columnIds = new HashSet<>(board.columnIds().values());
        columnIds.addAll(other.columnIds().values());
        assertEquals(Status.values().length * 2, columnIds.size(), "column ids are distinct across boards");
        assertEquals(board, stores.tx(() -> directory.boardById(board.id())).orElseThrow());
        assertEquals(other, stores.tx(() -> directory.boardByName("Side")).orElseThrow());
        assertTrue(stores.tx(() -> directory.boardByName("Nope")).isEmpty());
    }

    @Test
    void membershipsAreReplacedAndListBoardsOfAUser() {
        User ada = user("ada");
        User bob = user("bob");
        Board main = stores.tx(() -> directory.insertBoard("Main"));
        Board side = stores.tx(() -> directory.insertBoard("Side"));
        stores.tx(() -> directory.putMembership(new Membership(main.id(), ada.id(), Access.OWNER)));
        stores.tx(() -> directory.putMembership(new Membership(side.id(), ada.id(), Access.MODIFY)));
        stores.tx(() -> directory.putMembership(new Membership(side.id(), bob.id(), Access.MODIFY)));

        stores.tx(() -> directory.putMembership(new Membership(side.id(), bob.id(), Access.READ_ONLY)));

        assertEquals(Access.READ_ONLY, stores.tx(() -> directory.membership(side.id(), bob.id())).orElseThrow().access());
        assertTrue(stores.tx(() -> directory.membership(main.id(), bob.id())).isEmpty());
        assertEquals(List.of(main, side), stores.tx(() -> directory.boardsOf(ada.id())));
        assertEquals(List.of(side), stores.tx(() -> directory.boardsOf(bob.id())));
    }

    @Test
    void tokensAreFoundByIdHashAndUser() {
        User ada = user("ada");
        User bob = user("bob");
        ApiToken first = token("h1", ada.id(), 1);
        ApiToken second = token("h2", bob.id(), 1);
        ApiToken third = token("h3", ada.id(), 1);

        assertNotEquals(0, first.id());
        assertEquals(Set.of(Capability.TESTING), first.capabilities());
        assertEquals(second, stores.tx(() -> directory.tokenByHash("h2")).orElseThrow());
        assertEquals(third, stores.tx(() -> directory.tokenById(third.id())).orElseThrow());
        assertTrue(stores.tx(() -> directory.tokenByHash("H2")).isEmpty());
        assertEquals(List.of(first, third), stores.tx(() -> directory.tokens(Optional.of(ada.id()))));
        assertEquals(Set.of(first, second, third), new HashSet<>(stores.tx(() -> directory.tokens(Optional.empty()))));
    }

    @Test
    void credentialsByTokenHashReadTheTokenItsUserItsBoardAndTheUsersAccessAsTheSeparateLookupsDo() {
        User ada = user("ada");
        User bob = user("bob");
        Board main = stores.tx(() -> directory.insertBoard("Main"));
        Board side = stores.tx(() -> directory.insertBoard("Side"));
        stores.tx(() -> directory.putMembership(new Membership(main.id(), ada.id(), Access.OWNER)));
        stores.tx(() -> directory.putMembership(new Membership(side.id(), ada.id(), Access.READ_ONLY)));
        stores.tx(() -> directory.putMembership(new Membership(side.id(), bob.id(), Access.MODIFY)));
        ApiToken adaMain = token("h1", ada.id(), main.id());
        ApiToken adaSide = token("h2", ada.id(), side.id());
        ApiToken bobMain = token("h3", bob.id(), main.id());
        stores.tx(() -> directory.updateToken(adaSide.revokedAt(NOW)));
        User disabled = stores.tx(() -> directory.updateUser(new User(bob.id(), bob.username(), bob.displayName(),
                bob.passwordHash(), bob.role(), bob.createdAt(), NOW)));

        assertEquals(new DirectoryStore.Credentials(adaMain, ada, main, Access.OWNER),
                stores.tx(() -> directory.credentialsByTokenHash("h1")).orElseThrow());
        DirectoryStore.Credentials revoked = stores.tx(() -> directory.credentialsByTokenHash("h2")).orElseThrow();
        assertEquals(new DirectoryStore.Credentials(adaSide.revokedAt(NOW), ada, side, Access.READ_ONLY), revoked,
                "a revoked token is still read: whether it is valid is the caller's decision");
        assertEquals(new DirectoryStore.Credentials(bobMain, disabled, main, null),
                stores.tx(() -> directory.credentialsByTokenHash("h3")).orElseThrow(),
                "no membership reads as no access; a disabled user is read as disabled");
        assertEquals(stores.tx(() -> directory.boardById(main.id())).orElseThrow().columnIds(),
                stores.tx(() -> directory.credentialsByTokenHash("h1")).orElseThrow().board().columnIds());
        assertEquals(Status.values().length, main.columnIds().size());
        assertTrue(stores.tx(() -> directory.credentialsByTokenHash("H1")).isEmpty());
        assertTrue(stores.tx(() -> directory.credentialsByTokenHash("nothing")).isEmpty());
    }

    /**
     * What {@code cachedCredentials} answers (a store may keep none) is what {@code credentialsByTokenHash} read
     * last, and never outlives a change to the directory: a revocation, a disabled user or a changed membership,
     * committed, is what the next authentication sees, cached or not.
     */
    @Test
    void cachedCredentialsNeverOutliveAChangeToTheDirectory() {
        User ada = user("ada");
        Board main = stores.tx(() -> directory.insertBoard("Main"));
        stores.tx(() -> directory.putMembership(new Membership(main.id(), ada.id(), Access.MODIFY)));
        ApiToken token = token("h1", ada.id(), main.id());
        DirectoryStore.Credentials read = stores.tx(() -> directory.credentialsByTokenHash("h1")).orElseThrow();
        directory.cachedCredentials("h1").ifPresent(cached -> assertEquals(read, cached));
        assertTrue(directory.cachedCredentials("unknown").isEmpty());

        stores.tx(() -> directory.putMembership(new Membership(main.id(), ada.id(), Access.READ_ONLY)));
        assertEquals(Access.READ_ONLY, current("h1").access(), "a changed membership is seen at once");

        stores.tx(() -> directory.updateUser(new User(ada.id(), ada.username(), ada.displayName(), ada.passwordHash(),
                ada.role(), ada.createdAt(), NOW)));
        assertFalse(current("h1").user().active(), "a disabled user is seen at once");

        stores.tx(() -> directory.updateToken(token.revokedAt(NOW)));
        assertEquals(NOW, current("h1").token().revokedAt(), "a revocation is seen at once");

        assertThrows(DirectoryProbe.class, () -> stores.run(() -> {
            directory.credentialsByTokenHash("h1");
            directory.updateToken(token);
            directory.credentialsByTokenHash("h1"); // reads the rolled-back write inside its transaction
            throw new DirectoryProbe();
        }));
        assertEquals(NOW, current("h1").token().revokedAt(), "a rolled-back change is not kept either");
    }

    /** What authenticating sees now: the cached credentials when the store answers from its cache, else a read. */
    private DirectoryStore.Credentials current(String hash) {
        return directory.cachedCredentials(hash)
                .orElseGet(() -> stores.tx(() -> directory.credentialsByTokenHash(hash)).orElseThrow());
    }

    @Test
    void aTokenIsRevokedByUpdate() {
        ApiToken token = token("h1", user("ada").id(), 1);
        assertNull(token.revokedAt());

        stores.tx(() -> directory.updateToken(token.revokedAt(NOW)));

        ApiToken stored = stores.tx(() -> directory.tokenByHash("h1")).orElseThrow();
        assertEquals(NOW, stored.revokedAt());
        assertFalse(stored.validAt(NOW));
        assertEquals(stored, stores.tx(() -> directory.tokenById(token.id())).orElseThrow());
    }

    @Test
    void aFailedTransactionLeavesNoDirectoryWrites() {
        User ada = user("ada");
        ApiToken token = token("h1", ada.id(), 1);

        assertThrows(DirectoryProbe.class, () -> stores.run(() -> {
            directory.insertUser(new User(UserId.UNASSIGNED, "ghost", "Ghost", "hash", Role.ADMIN, NOW, null));
            Board board = directory.insertBoard("Ghost board");
            directory.putMembership(new Membership(board.id(), ada.id(), Access.OWNER));
            directory.updateToken(token.revokedAt(NOW));
            throw new DirectoryProbe();
        }));

        assertTrue(stores.tx(() -> directory.userByUsername("ghost")).isEmpty());
        assertTrue(stores.tx(() -> directory.boardByName("Ghost board")).isEmpty());
        assertEquals(List.of(), stores.tx(() -> directory.boardsOf(ada.id())));
        assertNull(stores.tx(() -> directory.tokenByHash("h1")).orElseThrow().revokedAt());
        assertEquals(List.of(ada), stores.tx(directory::users));
    }

    @Test
    void aUserIsReplacedByUpdate() {
        User ada = user("ada");
        User changed = new User(ada.id(), "ada", "Ada L.", "new-hash", Role.ADMIN, ada.createdAt(), NOW);

        assertEquals(changed, stores.tx(() -> directory.updateUser(changed)));

        assertEquals(changed, stores.tx(() -> directory.userById(ada.id())).orElseThrow());
        assertEquals(changed, stores.tx(() -> directory.userByUsername("ada")).orElseThrow());
        User ghost = new User(UserId.of(ada.id().value() + 100), "ghost", "Ghost", "hash", Role.MEMBER, NOW, null);
        assertThrows(dev.tasklane.domain.error.NotFoundException.class, () -> stores.tx(() -> directory.updateUser(ghost)));
    }

    @Test
    void aBoardIsRenamedKeepingItsColumns() {
        Board board = stores.tx(() -> directory.insertBoard("Main"));
        stores.tx(() -> directory.insertBoard("Side"));

        Board renamed = stores.tx(() -> directory.renameBoard(board.id(), "Primary"));

        assertEquals(new Board(board.id(), "Primary", board.columnIds()), renamed);
        assertEquals(renamed, stores.tx(() -> directory.boardByName("Primary")).orElseThrow());
        assertTrue(stores.tx(() -> directory.boardByName("Main")).isEmpty());
        assertThrows(dev.tasklane.domain.error.ConflictException.class,
                () -> stores.tx(() -> directory.renameBoard(board.id(), "Side")));
        assertThrows(dev.tasklane.domain.error.NotFoundException.class,
                () -> stores.tx(() -> directory.renameBoard(BoardId.of(board.id().value() + 100), "Other")));
    }

    @Test
    void membersAreListedAndRemoved() {
        User ada = user("ada");
        User bob = user("bob");
        Board main = stores.tx(() -> directory.insertBoard("Main"));
        Board side = stores.tx(() -> directory.insertBoard("Side"));
        stores.tx(() -> directory.putMembership(new Membership(main.id(), bob.id(), Access.READ_ONLY)));
        stores.tx(() -> directory.putMembership(new Membership(main.id(), ada.id(), Access.OWNER)));
        stores.tx(() -> directory.putMembership(new Membership(side.id(), bob.id(), Access.MODIFY)));

        assertEquals(List.of(new Membership(main.id(), ada.id(), Access.OWNER), new Membership(main.id(), bob.id(), Access.READ_ONLY)),
                stores.tx(() -> directory.members(main.id())));

        assertTrue(stores.tx(() -> directory.deleteMembership(main.id(), bob.id())));
        assertFalse(stores.tx(() -> directory.deleteMembership(main.id(), bob.id())));
        assertEquals(List.of(new Membership(main.id(), ada.id(), Access.OWNER)), stores.tx(() -> directory.members(main.id())));
        assertEquals(List.of(side), stores.tx(() -> directory.boardsOf(bob.id())));
        Board empty = stores.tx(() -> directory.insertBoard("Nobody's"));
        assertEquals(List.of(main, side, empty), stores.tx(directory::boards));
    }

    @Test
    void aFailedTransactionLeavesNoUserOrBoardChange() {
        User ada = user("ada");
        Board main = stores.tx(() -> directory.insertBoard("Main"));
        stores.tx(() -> directory.putMembership(new Membership(main.id(), ada.id(), Access.OWNER)));

        assertThrows(DirectoryProbe.class, () -> stores.run(() -> {
            directory.updateUser(new User(ada.id(), "ada", "X", "other", Role.ADMIN, ada.createdAt(), NOW));
            directory.renameBoard(main.id(), "Renamed");
            directory.deleteMembership(main.id(), ada.id());
            throw new DirectoryProbe();
        }));

        assertEquals(ada, stores.tx(() -> directory.userById(ada.id())).orElseThrow());
        assertEquals(main, stores.tx(() -> directory.boardById(main.id())).orElseThrow());
        assertEquals(List.of(new Membership(main.id(), ada.id(), Access.OWNER)), stores.tx(() -> directory.members(main.id())));
    }

    /** Thrown by tests to make a unit of work fail. */
    protected static final class DirectoryProbe extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }
    // ---- token last use ----

    @Test
    void touchTokenWritesTheLastUseAtMostOncePerWindowAndNothingElse() {
        User ada = user("ada");
        Board board = stores.tx(() -> directory.insertBoard("Touched"));
        ApiToken token = token("touch-hash", ada.id(), board.id());
        java.time.Duration window = java.time.Duration.ofMinutes(1);
        assertTrue(stores.tx(() -> directory.touchToken(token.id(), NOW, "agent-1", NOW.minus(window))));
        ApiToken used = stores.tx(() -> directory.tokenById(token.id())).orElseThrow();
        assertEquals(NOW, used.lastUsedAt());
        assertEquals("agent-1", used.lastAgentName());
        assertEquals(token.usedAt(NOW, "agent-1"), used, "only the last-use columns changed");
        java.time.Instant soon = NOW.plusSeconds(30);
        assertFalse(stores.tx(() -> directory.touchToken(token.id(), soon, "agent-2", soon.minus(window))),
                "a use within the window writes nothing");
        assertEquals(NOW, stores.tx(() -> directory.tokenById(token.id())).orElseThrow().lastUsedAt());
        java.time.Instant later = NOW.plusSeconds(61);
        assertTrue(stores.tx(() -> directory.touchToken(token.id(), later, null, later.minus(window))));
        ApiToken again = stores.tx(() -> directory.tokenById(token.id())).orElseThrow();
        assertEquals(later, again.lastUsedAt());
        assertEquals("agent-1", again.lastAgentName(), "an unnamed use keeps the last agent name");
        assertFalse(stores.tx(() -> directory.touchToken(token.id() + 1000, later, null, later)), "no such token");
    }

    @Test
    void aRevocationRacingWithRequestsStaysRevoked() throws Exception {
        User ada = user("ada");
        Board board = stores.tx(() -> directory.insertBoard("Raced"));
        ApiToken token = token("raced-hash", ada.id(), board.id());
        int requesters = 6;
        int uses = 40;
        java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(requesters + 1);
        try {
            List<java.util.concurrent.Future<?>> runs = new java.util.ArrayList<>();
            for (int r = 0; r < requesters; r++) {
                int requester = r;
                runs.add(pool.submit(() -> {
                    start.await();
                    for (int use = 0; use < uses; use++) {
                        // as a request does: read the token, then record its use; every use is a minute apart
                        java.time.Instant at = NOW.plusSeconds(60L * (use * requesters + requester + 1));
                        stores.run(() -> {
                            directory.tokenById(token.id()).orElseThrow();
                            directory.touchToken(token.id(), at, "agent-" + requester, at.minusSeconds(60));
                        });
                    }
                    return null;
                }));
            }
            runs.add(pool.submit(() -> {
                start.await();
                stores.run(() -> directory.updateToken(directory.tokenById(token.id()).orElseThrow().revokedAt(NOW)));
                return null;
            }));
            start.countDown();
            for (java.util.concurrent.Future<?> run : runs) {
                run.get(2, java.util.concurrent.TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
        ApiToken after = stores.tx(() -> directory.tokenById(token.id())).orElseThrow();
        assertEquals(NOW, after.revokedAt(), "the revocation stands");
        assertFalse(after.validAt(NOW.plusSeconds(1)));
    }
}
