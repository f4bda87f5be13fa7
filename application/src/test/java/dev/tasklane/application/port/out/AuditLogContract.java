package dev.tasklane.application.port.out;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.domain.audit.AuditAction;
import dev.tasklane.domain.audit.AuditEntry;
import dev.tasklane.domain.audit.AuditEntry.Credential;
import dev.tasklane.domain.audit.AuditEntry.Outcome;
import dev.tasklane.domain.audit.AuditEntry.Target;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contract of {@link AuditLog}: entries read back as written, newest first, every filter and the paging; pruning
 * by age in batches; an entry written by a transaction that fails is gone with it. Every store adapter extends this
 * class with only {@link #newStores()}.
 */
public abstract class AuditLogContract {
    private static final Instant T0 = Instant.parse("2030-03-01T10:00:00Z");

    /** The stores of one adapter and its audit log, sharing one transaction manager. */
    public record Stores(StoreSet stores, AuditLog audit) {
    }

    protected abstract Stores newStores();

    private StoreSet stores;
    private AuditLog audit;

    @BeforeEach
    void open() {
        Stores opened = newStores();
        stores = opened.stores();
        audit = opened.audit();
    }

    private static AuditEntry entry(Instant at, AuditAction action, long user, Long board, Target target) {
        return new AuditEntry(0, at, action, UserId.of(user), "user" + user, Credential.token(7, "ci agent"),
                board == null ? null : BoardId.of(board), target, "203.0.113.9", Outcome.SUCCEEDED, null, "detail");
    }

    private AuditEntry append(AuditEntry entry) {
        return stores.tx(() -> audit.append(entry));
    }

    private List<AuditEntry> find(AuditLog.Query query) {
        return stores.tx(() -> audit.find(query));
    }

    private static List<Long> ids(List<AuditEntry> entries) {
        return entries.stream().map(AuditEntry::sequence).toList();
    }

    @Test
    void anEntryReadsBackAsWrittenWithEveryPart() {
        AuditEntry written = append(new AuditEntry(0, T0, AuditAction.SIGNIN_FAILED, null, null, Credential.password(),
                null, null, "2001:db8::1", Outcome.REFUSED, "unauthenticated", "unknown username"));
        AuditEntry full = append(new AuditEntry(0, T0.plusMillis(1), AuditAction.TOKEN_MINTED, UserId.of(3), "alice",
                Credential.token(12, "laptop"), BoardId.of(4), Target.of(Target.TOKEN, 12), "198.51.100.7",
                Outcome.SUCCEEDED, null, "name: laptop"));
        AuditEntry session = append(new AuditEntry(0, T0.plusMillis(2), AuditAction.REVIEW_DECIDED, UserId.of(3), "alice",
                Credential.session(99), BoardId.of(4), Target.of(Target.TASK, "W12"), null, Outcome.SUCCEEDED, null, null));
        AuditEntry direct = append(new AuditEntry(0, T0.plusMillis(3), AuditAction.TASK_DELETED, UserId.of(3), "alice",
                Credential.direct("bot"), BoardId.of(4), Target.of(Target.TASK, "W13"), null, Outcome.SUCCEEDED, null, null));
        assertTrue(written.sequence() > 0 && full.sequence() > written.sequence() && session.sequence() > full.sequence()
                        && direct.sequence() > session.sequence(),
                "numbers rise");
        assertEquals(List.of(direct, session, full, written), find(AuditLog.Query.all(10)));
    }

    @Test
    void textsAtTheirCapsReadBackUnchangedAndLongerOnesAreCutAtTheCap() {
        String wide = "\uD83D\uDE42";
        AuditEntry atCaps = append(new AuditEntry(0, T0, AuditAction.USER_CREATED, UserId.of(1),
                wide.repeat(AuditEntry.NAME_MAX), new Credential(Credential.Kind.TOKEN, 5L, wide.repeat(AuditEntry.NAME_MAX)),
                null, new Target(Target.USER, wide.repeat(AuditEntry.OBJECT_ID_MAX)), "a".repeat(AuditEntry.ADDRESS_MAX + 50),
                Outcome.REFUSED, wide.repeat(AuditEntry.CODE_MAX), wide.repeat(AuditEntry.DETAIL_MAX + 1)));
        assertEquals(AuditEntry.ADDRESS_MAX, atCaps.address().length());
        assertEquals(AuditEntry.DETAIL_MAX, atCaps.detail().codePointCount(0, atCaps.detail().length()));
        assertEquals(List.of(atCaps), find(AuditLog.Query.all(1)));
    }

    @Test
    void everyFilterSelectsItsEntriesAndTheyCombine() {
        AuditEntry minted = append(entry(T0, AuditAction.TOKEN_MINTED, 1, 10L, Target.of(Target.TOKEN, 5)));
        AuditEntry revoked = append(entry(T0.plusSeconds(60), AuditAction.TOKEN_REVOKED, 2, 10L, Target.of(Target.TOKEN, 5)));
        AuditEntry other = append(entry(T0.plusSeconds(120), AuditAction.TOKEN_MINTED, 1, 11L, Target.of(Target.TOKEN, 6)));
        AuditEntry noBoard = append(entry(T0.plusSeconds(180), AuditAction.USER_CREATED, 1, null, Target.of(Target.USER, 2)));
        AuditLog.Query all = AuditLog.Query.all(10);
        assertEquals(List.of(other, minted), find(new AuditLog.Query(AuditAction.TOKEN_MINTED, null, null, null, null, null,
                null, null, null, 10)));
        assertEquals(List.of(revoked), find(new AuditLog.Query(null, UserId.of(2), null, null, null, null, null, null, null, 10)));
        assertEquals(List.of(revoked), find(new AuditLog.Query(null, null, "user2", null, null, null, null, null, null, 10)));
        assertEquals(List.of(revoked, minted), find(all.onBoard(BoardId.of(10))));
        assertEquals(List.of(noBoard), find(new AuditLog.Query(null, null, null, null, Target.USER, null, null, null, null, 10)));
        assertEquals(List.of(revoked, minted), find(new AuditLog.Query(null, null, null, null, Target.TOKEN, "5", null, null,
                null, 10)));
        assertEquals(List.of(other, revoked), find(new AuditLog.Query(null, null, null, null, null, null, T0.plusSeconds(60),
                T0.plusSeconds(180), null, 10)), "since is inclusive, until exclusive");
        assertEquals(List.of(minted), find(new AuditLog.Query(AuditAction.TOKEN_MINTED, UserId.of(1), null, BoardId.of(10),
                Target.TOKEN, "5", T0, T0.plusSeconds(1), null, 10)));
        assertEquals(List.of(), find(new AuditLog.Query(AuditAction.TOKEN_REVOKED, UserId.of(1), null, null, null, null,
                null, null, null, 10)));
    }

    /** Paging by number, over generated entries: every entry exactly once, newest first, whatever the page size. */
    @Test
    void pagesCoverEveryMatchingEntryOnceNewestFirst() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<AuditEntry> written = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            long board = 1 + random.nextInt(3);
            written.add(append(entry(T0.plusSeconds(i), AuditAction.values()[random.nextInt(AuditAction.values().length)],
                    1 + random.nextInt(3), board, Target.of(Target.TASK, "W" + i))));
        }
        for (int size : new int[] {1, 3, 7, 40, 41}) {
            List<AuditEntry> seen = new ArrayList<>();
            Long before = null;
            while (true) {
                List<AuditEntry> page = find(new AuditLog.Query(null, null, null, BoardId.of(2), null, null, null, null,
                        before, size));
                seen.addAll(page);
                if (page.size() < size) {
                    break;
                }
                before = page.get(page.size() - 1).sequence();
            }
            List<AuditEntry> expected = new ArrayList<>(written.stream().filter(e -> e.boardId().value() == 2).toList());
            java.util.Collections.reverse(expected);
            assertEquals(ids(expected), ids(seen), "seed " + seed + ", page size " + size);
        }
    }

    @Test
    void pruningDeletesOnlyEntriesOlderThanTheCutoffAtMostABatchAtATime() {
        for (int i = 0; i < 5; i++) {
            append(entry(T0.plus(Duration.ofDays(i)), AuditAction.TASK_DELETED, 1, 1L, null));
        }
        Instant cutoff = T0.plus(Duration.ofDays(3));
        assertEquals(2, (int) stores.tx(() -> audit.pruneBefore(cutoff, 2)));
        assertEquals(1, (int) stores.tx(() -> audit.pruneBefore(cutoff, 2)));
        assertEquals(0, (int) stores.tx(() -> audit.pruneBefore(cutoff, 2)));
        List<AuditEntry> left = find(AuditLog.Query.all(10));
        assertEquals(2, left.size());
        assertTrue(left.stream().noneMatch(e -> e.at().isBefore(cutoff)));
    }

    @Test
    void anEntryWrittenByATransactionThatFailsIsGoneWithIt() {
        AuditEntry kept = append(entry(T0, AuditAction.TOKEN_MINTED, 1, 1L, null));
        assertThrows(IllegalStateException.class, () -> stores.tx(() -> {
            audit.append(entry(T0.plusSeconds(1), AuditAction.TOKEN_REVOKED, 1, 1L, null));
            throw new IllegalStateException("the change failed after its entry was written");
        }));
        assertEquals(List.of(kept), find(AuditLog.Query.all(10)));
    }
}
