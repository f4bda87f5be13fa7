package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.BoardFixture;
import dev.tasklane.domain.flow.TaskFlow.MoveCount;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A board's move counts have a row per slot, one slot per connection (JdbiTransactions#countingSlot): the figures add
 * the slots, and the sweeper folds the slots of a bucket an hour old into slot 0 without changing a figure.
 */
final class FlowMoveSlotsTest {
    @Test
    void theSweeperFoldsTheSlotsOfOldBucketsOnH2() {
        foldsTheSlotsOfOldBuckets(TestDatabases.h2());
    }

    @Test
    @RequiresPostgres
    void theSweeperFoldsTheSlotsOfOldBucketsOnPostgres() {
        foldsTheSlotsOfOldBuckets(TestDatabases.postgres());
    }

    private static void foldsTheSlotsOfOldBuckets(JdbiStores jdbi) {
        BoardFixture board = new BoardFixture(new StoreSet(jdbi.tasks(), jdbi.directory(), jdbi.transactions(),
                jdbi.events()), CompletionMode.GRACE);
        long boardId = board.boardId.value();
        long old = MoveCount.bucketOf(BoardFixture.START).getEpochSecond();
        long recent = old + Duration.ofHours(2).toSeconds();
        // the old bucket counted in three slots, one pair in slot 3 only; the recent one in two
        insert(jdbi, boardId, old, 0, 1, 0, 1);
        insert(jdbi, boardId, old, 0, 1, 3, 2);
        insert(jdbi, boardId, old, 0, 1, 5, 4);
        insert(jdbi, boardId, old, 1, 2, 3, 8);
        insert(jdbi, boardId, recent, 0, 1, 0, 16);
        insert(jdbi, boardId, recent, 0, 1, 7, 32);
        List<MoveCount> figures = moves(jdbi, board);
        assertEquals(List.of(new MoveCount(Instant.ofEpochSecond(old), Status.OPEN,
                        Status.IN_PROGRESS, 7),
                new MoveCount(Instant.ofEpochSecond(old), Status.IN_PROGRESS,
                        Status.REVIEW, 8),
                new MoveCount(Instant.ofEpochSecond(recent), Status.OPEN,
                        Status.IN_PROGRESS, 48)), figures, "the figures add the slots");

        board.clock.advance(Duration.ofMinutes(150)); // the old bucket is two and a half hours old, the recent one 30 min
        board.app.maintenance().sweep();

        assertEquals(figures, moves(jdbi, board), "folding changes no figure");
        assertEquals(List.of(old + " 0 1 0 7", old + " 1 2 0 8", recent + " 0 1 0 16", recent + " 0 1 7 32"),
                jdbi.jdbi().withHandle(handle -> handle.createQuery("SELECT bucket_s, from_column, to_column, slot, moves "
                                + "FROM flow_moves WHERE board_id = :board ORDER BY bucket_s, from_column, to_column, slot")
                        .bind("board", boardId).map((row, context) -> row.getLong(1) + " " + row.getShort(2) + " "
                                + row.getShort(3) + " " + row.getShort(4) + " " + row.getLong(5)).list()),
                "one row per pair of the old bucket, in slot 0; the last hour's slots stay");
        assertEquals(0, board.stores.tx(() -> jdbi.tasks().flows().compactMoves(board.clock.instant()
                .minus(Duration.ofHours(1)))), "nothing an hour old is left to fold");
        assertEquals(1, board.stores.tx(() -> jdbi.tasks().flows().compactMoves(board.clock.instant())),
                "the recent bucket's other slot, once it is old enough");
        assertEquals(figures, moves(jdbi, board));
    }

    private static List<MoveCount> moves(JdbiStores jdbi, BoardFixture board) {
        return board.stores.tx(() -> jdbi.tasks().flows().moves(board.boardId, Instant.EPOCH)).stream()
                .sorted(Comparator.comparing(MoveCount::at).thenComparing(m -> m.to().ordinal())).toList();
    }

    private static void insert(JdbiStores jdbi, long board, long bucket, int from, int to, int slot, long moves) {
        jdbi.jdbi().useHandle(handle -> handle.createUpdate("INSERT INTO flow_moves (board_id, bucket_s, from_column, "
                        + "to_column, slot, moves) VALUES (:board, :bucket, :from, :to, :slot, :moves)")
                .bind("board", board).bind("bucket", bucket).bind("from", (short) from).bind("to", (short) to)
                .bind("slot", (short) slot).bind("moves", moves).execute());
    }
}
