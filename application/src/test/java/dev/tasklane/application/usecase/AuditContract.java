package dev.tasklane.application.usecase;

import dev.tasklane.application.port.in.AuditUseCase.AuditFilter;
import dev.tasklane.application.port.in.AuditUseCase.AuditPage;
import dev.tasklane.application.port.in.BoardSettingsUseCase.BoardChange;
import dev.tasklane.application.port.in.CommentsUseCase.PostedComment;
import dev.tasklane.application.port.in.TokensUseCase.IssuedToken;
import dev.tasklane.application.port.in.TokensUseCase.TokenRequest;
import dev.tasklane.application.port.in.Patch;
import dev.tasklane.application.port.in.RequestOrigin;
import dev.tasklane.application.port.in.ReviewDecision;
import dev.tasklane.application.port.in.SignInUseCase.SignedIn;
import dev.tasklane.application.port.in.UnauthenticatedException;
import dev.tasklane.application.port.out.AgentSessionStore;
import dev.tasklane.application.port.out.AuditLog;
import dev.tasklane.application.port.out.SessionStore;
import dev.tasklane.application.service.Secrets;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.audit.AuditAction;
import dev.tasklane.domain.audit.AuditEntry;
import dev.tasklane.domain.audit.AuditEntry.Credential;
import dev.tasklane.domain.audit.AuditEntry.Outcome;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.wip.WipLimits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.ref;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The audit log through the use cases (docs/api.md, "Audit log"): every recorded act leaves its entry, with who,
 * how they came, the board, the object and the client's address; no entry holds a secret; refused sign-ins are
 * recorded, other refusals leave nothing; who may read which entries; paging; retention by the sweeper.
 */
public abstract class AuditContract {
    private static final String ADDRESS = "192.0.2.10";

    /** The stores of one adapter, its audit log its web session store and its agent session store, sharing one transaction manager. */
    public record Stores(StoreSet stores, AuditLog audit, SessionStore sessions, AgentSessionStore agentSessions) {
    }

    protected abstract Stores newStores();

    private BoardFixture board;
    private Stores stores;
    private Actor owner;

    @BeforeEach
    void open() {
        stores = newStores();
        board = fixture(Duration.ofDays(90));
        owner = board.member("owen", Access.OWNER, Set.of(), true);
        RequestOrigin.set(ADDRESS);
    }

    @AfterEach
    void close() {
        RequestOrigin.clear();
    }

    private BoardFixture fixture(Duration retention) {
        return new BoardFixture(stores.stores(), CompletionMode.GRACE,
                builder -> builder.audit(stores.audit()).sessions(stores.sessions()).agentSessions(stores.agentSessions())
                        .auditRetention(retention));
    }

    private List<AuditEntry> all() {
        List<AuditEntry> entries = new ArrayList<>();
        AuditFilter filter = AuditFilter.none().withLimit(200);
        while (true) {
            AuditPage page = board.app.audit().read(board.admin, filter);
            entries.addAll(page.entries());
            if (page.nextCursor() == null) {
                return entries;
            }
            filter = filter.withCursor(page.nextCursor());
        }
    }

    private List<AuditEntry> of(AuditAction action) {
        return all().stream().filter(entry -> entry.action() == action).toList();
    }

    private AuditEntry only(AuditAction action) {
        List<AuditEntry> found = of(action);
        assertEquals(1, found.size(), action + ": " + found);
        return found.get(0);
    }

    private String inReview(String title) {
        String identifier = id(board.create(board.admin, task(title, "needs_review", true)));
        board.claim(board.alice, identifier);
        board.complete(board.alice, identifier);
        return identifier;
    }

    /**
     * Runs every act the log records with known passwords and secrets, then checks that each action has its entry
     * and that no entry holds any of those passwords or secrets, nor their hashes.
     */
    @Test
    void everyRecordedActLeavesAnEntryAndNoEntryHoldsASecret() {
        List<String> secrets = new ArrayList<>();
        String first = "first password 0xA1";
        String reset = "reset password 0xB2";
        String changed = "changed password 0xC3";
        secrets.addAll(List.of(first, reset, changed, "wrong password 0xD4", "typed as a name 0xE5"));
        Actor admin = board.admin;
        User olive = board.app.identity().createUser(admin, "olive", "Olive", first, Role.MEMBER);
        board.app.identity().resetPassword(admin, olive.id(), reset);
        board.app.identity().setDisabled(admin, olive.id(), true);
        board.app.identity().setDisabled(admin, olive.id(), false);
        Board second = board.app.identity().createBoard(admin, "Second");
        board.app.identity().putMember(admin, board.boardId, "olive", Access.MODIFY);
        board.app.identity().putMember(admin, board.boardId, "olive", Access.OWNER);
        board.app.identity().putMember(admin, second.id(), "olive", Access.MODIFY);
        board.app.identity().removeMember(admin, second.id(), olive.id());

        SignedIn web = board.app.signIn().signIn("olive", reset, "198.51.100.1");
        secrets.addAll(List.of(web.secret(), Secrets.sha256(web.secret()), web.person().session().orElseThrow().csrfToken()));
        assertThrows(UnauthenticatedException.class,
                () -> board.app.signIn().signIn("olive", "wrong password 0xD4", "198.51.100.2"));
        assertThrows(UnauthenticatedException.class,
                () -> board.app.signIn().signIn("typed as a name 0xE5", reset, "198.51.100.3"));
        IssuedToken minted = board.app.identity().createToken(web.person(),
                new TokenRequest("olive's laptop", null, board.admin.board().name(), Set.of(), null, false, null));
        secrets.addAll(List.of(minted.secret(), Secrets.sha256(minted.secret()), minted.token().tokenHash()));
        board.app.identity().revokeToken(web.person(), minted.token().id());
        SignedIn again = board.app.signIn().changePassword(web.person(), reset, changed, "198.51.100.4");
        secrets.addAll(List.of(again.secret(), Secrets.sha256(again.secret())));
        IssuedToken api = board.app.signIn().signInForToken("olive", changed, board.admin.board().name(), "198.51.100.5");
        secrets.addAll(List.of(api.secret(), Secrets.sha256(api.secret()), api.token().tokenHash()));

        board.app.boardSettings().configure(owner, board.boardId,
                new BoardChange(Patch.to("Renamed"), Patch.to(new WipLimits(3))));
        board.app.identity().renameBoard(owner, board.boardId, "Renamed again");
        String reviewed = inReview("Risky");
        board.app.reviews().review(board.reviewer, ref(reviewed), ReviewDecision.fromCode("approved", null));
        String bypassed = inReview("Urgent");
        board.app.reviews().markDone(owner, ref(bypassed));
        String doomed = id(board.create(board.admin, task("Doomed")));
        board.app.archives().delete(owner, ref(doomed));
        String stopped = id(board.create(board.admin, task("Stopped")));
        board.claim(board.alice, stopped);
        board.app.sessions().stop(board.reviewer, ref(stopped), "Wrong module");
        String released = id(board.create(board.admin, task("Released")));
        board.claim(board.bob, released);
        board.app.sessions().release(board.reviewer, ref(released), "Taken back");
        PostedComment comment = board.app.comments().post(board.alice, ref(reviewed), "a note", "agent");
        board.app.comments().delete(board.alice, ref(reviewed), comment.comment().commentId());
        for (User user : board.stores.tx(() -> board.stores.directory().users())) {
            if (user.passwordHash() != null && user.passwordHash().length() > 8) {
                secrets.add(user.passwordHash());
            }
        }

        List<AuditEntry> entries = all();
        Set<AuditAction> seen = entries.stream().map(AuditEntry::action).collect(Collectors.toCollection(
                () -> EnumSet.noneOf(AuditAction.class)));
        Set<AuditAction> expected = EnumSet.allOf(AuditAction.class);
        expected.removeAll(WebhookContract.AUDITED); // WebhookContract and GithubContract record and check these
        expected.removeAll(GithubContract.AUDITED);
        assertEquals(expected, seen, "every action is recorded by some act");
        for (AuditEntry entry : entries) {
            String text = entry.toString();
            for (String secret : secrets) {
                assertFalse(text.contains(secret), "entry " + entry.sequence() + " holds a secret: " + text);
            }
        }

        AuditEntry created = only(AuditAction.USER_CREATED);
        assertEquals(admin.userId(), created.userId());
        assertEquals("admin", created.username());
        assertEquals(Credential.direct(null), created.credential());
        assertEquals(ADDRESS, created.address(), "the request's address, as the adapter set it");
        assertEquals(AuditEntry.Target.of(AuditEntry.Target.USER, olive.id()), created.target());
        assertNull(created.boardId());

        AuditEntry mintedEntry = of(AuditAction.TOKEN_MINTED).get(1);
        assertEquals(Credential.session(web.person().session().orElseThrow().id()), mintedEntry.credential());
        assertEquals(board.boardId, mintedEntry.boardId());
        assertEquals(AuditEntry.Target.of(AuditEntry.Target.TOKEN, minted.token().id()), mintedEntry.target());
        AuditEntry viaPassword = of(AuditAction.TOKEN_MINTED).get(0);
        assertEquals(Credential.password(), viaPassword.credential());
        assertEquals("198.51.100.5", viaPassword.address(), "the address the sign-in was given");

        List<AuditEntry> members = of(AuditAction.MEMBERSHIP_ADDED);
        assertEquals(2, members.size());
        assertTrue(only(AuditAction.MEMBERSHIP_CHANGED).detail().contains("modify -> owner"));
        assertEquals(second.id(), only(AuditAction.MEMBERSHIP_REMOVED).boardId());
        List<AuditEntry> settings = of(AuditAction.BOARD_SETTINGS_CHANGED);
        assertEquals("name: Renamed again", settings.get(0).detail());
        assertEquals("name: Renamed, wip_limits.doing: 3", settings.get(1).detail());
        assertEquals(owner.userId(), settings.get(1).userId());

        AuditEntry decided = only(AuditAction.REVIEW_DECIDED);
        assertEquals(board.reviewer.userId(), decided.userId());
        assertEquals(AuditEntry.Target.of(AuditEntry.Target.TASK, reviewed), decided.target());
        assertEquals("decision: approved", decided.detail());
        assertEquals(AuditEntry.Target.of(AuditEntry.Target.TASK, bypassed), only(AuditAction.TASK_MARKED_DONE).target());
        assertEquals(AuditEntry.Target.of(AuditEntry.Target.TASK, doomed), only(AuditAction.TASK_DELETED).target());
        assertEquals(AuditEntry.Target.of(AuditEntry.Target.COMMENT, comment.comment().commentId()),
                only(AuditAction.COMMENT_DELETED).target());
        assertEquals(board.boardId, only(AuditAction.COMMENT_DELETED).boardId());
        assertTrue(entries.stream().allMatch(entry -> entry.at() != null && entry.sequence() > 0));
    }

    @Test
    void aRefusedSignInIsRecordedWithItsAddressAndCodeAndATypedNameOnlyWhenItIsAUser() {
        board.app.identity().createUser(board.admin, "olive", null, "olive's password", Role.MEMBER);
        assertThrows(UnauthenticatedException.class, () -> board.app.signIn().signIn("olive", "nope", "198.51.100.7"));
        assertThrows(UnauthenticatedException.class, () -> board.app.signIn().signIn("nobody", "nope", "198.51.100.8"));
        assertThrows(UnauthenticatedException.class,
                () -> board.app.signIn().signInForToken("olive", "nope", board.admin.board().name(), "198.51.100.9"));
        List<AuditEntry> failed = of(AuditAction.SIGNIN_FAILED);
        assertEquals(3, failed.size());
        AuditEntry api = failed.get(0);
        AuditEntry unknown = failed.get(1);
        AuditEntry known = failed.get(2);
        assertEquals(Outcome.REFUSED, known.outcome());
        assertEquals("unauthenticated", known.code());
        assertEquals("wrong password", known.detail());
        assertEquals("olive", known.username());
        assertNotNull(known.userId());
        assertEquals("198.51.100.7", known.address());
        assertEquals(Credential.password(), known.credential());
        assertNull(unknown.userId());
        assertNull(unknown.username(), "what was typed as a name is not kept: it may be a password");
        assertEquals("unknown username", unknown.detail());
        assertEquals("198.51.100.9", api.address());
        assertTrue(of(AuditAction.SIGNIN_SUCCEEDED).isEmpty());
    }

    @Test
    void aSignInRefusedByTheLimitIsNotRecordedSoNoClientWritesAtWill() {
        board.app.identity().createUser(board.admin, "olive", null, "olive's password", Role.MEMBER);
        int failures = 0;
        while (true) {
            try {
                board.app.signIn().signIn("olive", "guess " + failures, "198.51.100.20");
            } catch (UnauthenticatedException wrong) {
                failures++;
                continue;
            } catch (dev.tasklane.application.port.in.SignInThrottledException limited) {
                break;
            }
        }
        assertTrue(failures > 0);
        for (int i = 0; i < 5; i++) {
            assertThrows(dev.tasklane.application.port.in.SignInThrottledException.class,
                    () -> board.app.signIn().signIn("olive", "guess", "198.51.100.20"));
        }
        assertEquals(failures, of(AuditAction.SIGNIN_FAILED).size(), "each failure before the limit, none after");
    }

    @Test
    void settingAMembersAccessToWhatItIsRecordsNothing() {
        board.app.identity().putMember(board.admin, board.boardId, "alice", Access.MODIFY);
        assertTrue(of(AuditAction.MEMBERSHIP_CHANGED).isEmpty());
        assertTrue(of(AuditAction.MEMBERSHIP_ADDED).isEmpty());
        board.app.identity().putMember(board.admin, board.boardId, "alice", Access.READ_ONLY);
        assertEquals("user: alice, access: modify -> read_only", only(AuditAction.MEMBERSHIP_CHANGED).detail());
    }

    /**
     * A token ended by another act (its user's access lowered to read-only, their membership removed, their password
     * changed with "revoke my tokens") has its own {@code token.revoked} entry, by the one who did the act and naming
     * it, as a token revoked by hand has.
     */
    @Test
    void tokensEndedByAnotherActAreEachRecordedWithThatAct() {
        Actor admin = board.admin;
        String password = "olive's password 0xF6";
        board.app.identity().createUser(admin, "olive", "Olive", password, Role.MEMBER);
        board.app.identity().putMember(admin, board.boardId, "olive", Access.MODIFY);

        IssuedToken lowered = mintAsOlive(password, "lowered");
        board.app.identity().putMember(admin, board.boardId, "olive", Access.READ_ONLY);
        board.app.identity().putMember(admin, board.boardId, "olive", Access.MODIFY);
        IssuedToken removed = mintAsOlive(password, "removed");
        board.app.identity().removeMember(admin, board.boardId, removed.token().userId());
        board.app.identity().putMember(admin, board.boardId, "olive", Access.MODIFY);
        IssuedToken changed = mintAsOlive(password, "changed");
        SignedIn olive = board.app.signIn().signIn("olive", password, ADDRESS);
        board.app.signIn().changePassword(olive.person(), password, "olive's new password 0xF7", ADDRESS, true);

        List<AuditEntry> revoked = of(AuditAction.TOKEN_REVOKED);
        assertEquals(List.of(
                        AuditEntry.Target.of(AuditEntry.Target.TOKEN, lowered.token().id()),
                        AuditEntry.Target.of(AuditEntry.Target.TOKEN, removed.token().id()),
                        AuditEntry.Target.of(AuditEntry.Target.TOKEN, changed.token().id())),
                revoked.stream().map(AuditEntry::target).sorted(Comparator.comparingLong(target -> Long.parseLong(target.id()))).toList(),
                "one entry for each token ended, none for the tokens already revoked");
        Map<String, AuditEntry> byToken = revoked.stream()
                .collect(Collectors.toMap(entry -> entry.target().id(), entry -> entry));
        assertEquals("name: lowered, because: access set to read_only",
                byToken.get(String.valueOf(lowered.token().id())).detail());
        assertEquals("name: removed, because: membership removed",
                byToken.get(String.valueOf(removed.token().id())).detail());
        assertEquals("name: changed, because: password changed",
                byToken.get(String.valueOf(changed.token().id())).detail());
        assertEquals(admin.userId(), byToken.get(String.valueOf(removed.token().id())).userId());
        assertEquals(olive.person().userId(), byToken.get(String.valueOf(changed.token().id())).userId());
        assertTrue(revoked.stream().allMatch(entry -> board.boardId.equals(entry.boardId())));
    }

    private IssuedToken mintAsOlive(String password, String name) {
        SignedIn web = board.app.signIn().signIn("olive", password, ADDRESS);
        return board.app.identity().createToken(web.person(),
                new TokenRequest(name, null, board.admin.board().name(), Set.of(), null, false, null));
    }

    /**
     * The entry is written in the change's transaction: when the store fails after the entry is written (here the
     * membership's own write), the entry is gone with the change.
     */
    @Test
    void anEntryIsTakenBackWithAChangeThatFailsAfterIt() {
        boolean[] failing = {false};
        dev.tasklane.application.port.out.DirectoryStore real = stores.stores().directory();
        dev.tasklane.application.port.out.DirectoryStore flaky = (dev.tasklane.application.port.out.DirectoryStore)
                java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                        new Class<?>[] {dev.tasklane.application.port.out.DirectoryStore.class}, (proxy, method, args) -> {
                            if (failing[0] && method.getName().equals("putMembership")) {
                                throw new IllegalStateException("the disk is full");
                            }
                            try {
                                return method.invoke(real, args);
                            } catch (java.lang.reflect.InvocationTargetException thrown) {
                                throw thrown.getCause();
                            }
                        });
        StoreSet broken = new StoreSet(stores.stores().tasks(), flaky, stores.stores().transactions(),
                stores.stores().events());
        dev.tasklane.application.service.Tasklane app = BoardFixture.builder(broken).audit(stores.audit())
                .sessions(stores.sessions()).clock(board.clock).build();
        failing[0] = true;
        assertThrows(IllegalStateException.class,
                () -> app.identity().putMember(board.admin, board.boardId, "alice", Access.OWNER));
        assertTrue(of(AuditAction.MEMBERSHIP_CHANGED).isEmpty(), "no entry for a change that did not happen");
        failing[0] = false;
        app.identity().putMember(board.admin, board.boardId, "alice", Access.OWNER);
        assertEquals(1, of(AuditAction.MEMBERSHIP_CHANGED).size());
    }

    @Test
    void anActRefusedForWantOfAuthorityLeavesNoEntry() {
        int before = all().size();
        assertThrows(ForbiddenException.class, () -> board.app.identity().createUser(board.alice, "mallory", null,
                "mallory's password", Role.ADMIN));
        assertThrows(ForbiddenException.class, () -> board.app.identity().putMember(board.alice, board.boardId,
                "alice", Access.OWNER));
        assertThrows(ForbiddenException.class, () -> board.app.archives().delete(board.alice,
                ref(id(board.create(board.admin, task("kept"))))));
        assertEquals(before, all().size());
    }

    @Test
    void aServerAdminReadsEveryEntryABoardAdminTheirBoardsAndAnyoneElseIsRefused() {
        Board other = board.app.identity().createBoard(board.admin, "Other");
        board.app.identity().putMember(board.admin, other.id(), "alice", Access.MODIFY);
        board.app.identity().putMember(board.admin, board.boardId, "reed", Access.MODIFY);
        assertTrue(all().size() >= 3);

        Actor ownerToken = BoardFixture.withScopes(owner, 4242, Set.of(Scope.READ, Scope.BOARD_ADMIN));
        assertThrows(ForbiddenException.class, () -> board.app.audit().read(BoardFixture.withToken(owner, 4243),
                AuditFilter.none()), "an owner's token without board:admin does not read the log");
        List<AuditEntry> owners = board.app.audit().read(ownerToken, AuditFilter.none()).entries();
        assertFalse(owners.isEmpty());
        assertTrue(owners.stream().allMatch(entry -> board.boardId.equals(entry.boardId())), owners.toString());
        assertEquals(owners, board.app.audit().read(owner, AuditFilter.none()).entries(), "directly, on the board");
        ForbiddenException elsewhere = assertThrows(ForbiddenException.class,
                () -> board.app.audit().read(ownerToken, AuditFilter.none().withBoard(other.id())));
        assertEquals("audit_forbidden", elsewhere.code());

        Actor asPerson = Actor.signedIn(owner.user(), new dev.tasklane.domain.identity.WebSession(1, "hash", owner.userId(),
                "csrf", BoardFixture.START, BoardFixture.START.plus(Duration.ofHours(1))));
        assertThrows(ForbiddenException.class, () -> board.app.audit().read(asPerson, AuditFilter.none()),
                "a person on no board names the board they administer");
        assertEquals(owners, board.app.audit().read(asPerson, AuditFilter.none().withBoard(board.boardId)).entries());
        assertThrows(ForbiddenException.class,
                () -> board.app.audit().read(asPerson, AuditFilter.none().withBoard(other.id())));

        assertThrows(ForbiddenException.class, () -> board.app.audit().read(board.alice, AuditFilter.none()));
        assertThrows(ForbiddenException.class, () -> board.app.audit().read(board.reviewer, AuditFilter.none()));
        assertThrows(ForbiddenException.class, () -> board.app.audit().read(board.reader, AuditFilter.none()));
        assertEquals(List.of(other.id()), board.app.audit().read(board.admin, AuditFilter.none().withBoard(other.id()))
                .entries().stream().map(AuditEntry::boardId).distinct().toList());

        assertTrue(board.app.audit().readable(board.admin).everyEntry());
        assertEquals(Set.of(board.boardId, other.id()), board.app.audit().readable(board.admin).boards().stream()
                .map(Board::id).collect(Collectors.toSet()));
        assertEquals(List.of(board.boardId), board.app.audit().readable(asPerson).boards().stream().map(Board::id).toList());
        assertFalse(board.app.audit().readable(asPerson).everyEntry());
        assertEquals(List.of(board.boardId), board.app.audit().readable(ownerToken).boards().stream().map(Board::id).toList());
        assertEquals(List.of(), board.app.audit().readable(board.alice).boards(), "alice owns no board");
    }

    @Test
    void pagesAreCappedAndTheirCursorsOpaqueAndChecked() {
        for (int i = 0; i < 5; i++) {
            board.app.identity().createUser(board.admin, "user" + i, null, "a long enough password", Role.MEMBER);
        }
        AuditFilter users = new AuditFilter(AuditAction.USER_CREATED, null, null, null, null, null, null, null, 2, null);
        AuditPage first = board.app.audit().read(board.admin, users);
        assertEquals(2, first.entries().size());
        assertNotNull(first.nextCursor());
        AuditPage second = board.app.audit().read(board.admin, users.withCursor(first.nextCursor()));
        AuditPage third = board.app.audit().read(board.admin, users.withCursor(second.nextCursor()));
        assertEquals(1, third.entries().size());
        assertNull(third.nextCursor());
        assertTrue(first.entries().get(0).sequence() > second.entries().get(0).sequence());
        for (int limit : new int[] {0, -1, 201}) {
            InvalidInputException refused = assertThrows(InvalidInputException.class,
                    () -> board.app.audit().read(board.admin, users.withLimit(limit)));
            assertEquals("invalid_param", refused.code());
        }
        for (String cursor : new String[] {"not base64 at all!", "dGFza3M6MQ", "YXVkaXQ6eA", "YXVkaXQ6LTE"}) {
            InvalidInputException refused = assertThrows(InvalidInputException.class,
                    () -> board.app.audit().read(board.admin, users.withCursor(cursor)), cursor);
            assertEquals("invalid_cursor", refused.code());
        }
    }

    @Test
    void theSweeperPrunesEntriesPastTheRetentionAndKeepsTheRest() {
        board.app.identity().createUser(board.admin, "early", null, "a long enough password", Role.MEMBER);
        board.clock.advance(Duration.ofDays(89));
        board.app.identity().createUser(board.admin, "later", null, "a long enough password", Role.MEMBER);
        int before = all().size();
        assertEquals(0, board.app.maintenance().sweep().auditPruned(), "nothing is 90 days old yet");
        board.clock.advance(Duration.ofDays(1).plusSeconds(1));
        int pruned = board.app.maintenance().sweep().auditPruned();
        assertTrue(pruned >= 1, "the entries of the first day are past 90 days");
        assertEquals(before - pruned, all().size());
        assertTrue(of(AuditAction.USER_CREATED).stream().anyMatch(entry -> entry.detail().contains("later")));
        assertTrue(of(AuditAction.USER_CREATED).stream().noneMatch(entry -> entry.detail().contains("early")));
    }

    @Test
    void aConfiguredRetentionIsTheOneThatPrunes() {
        stores = newStores();
        board = fixture(Duration.ofDays(7));
        board.app.identity().createUser(board.admin, "weekly", null, "a long enough password", Role.MEMBER);
        board.clock.advance(Duration.ofDays(6));
        assertEquals(0, board.app.maintenance().sweep().auditPruned());
        board.clock.advance(Duration.ofDays(1).plusMillis(1));
        assertEquals(1, board.app.maintenance().sweep().auditPruned());
        assertTrue(all().isEmpty());
    }
}
