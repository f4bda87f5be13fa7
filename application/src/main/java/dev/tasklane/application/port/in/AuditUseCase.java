package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.audit.AuditAction;
import dev.tasklane.domain.audit.AuditEntry;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;

import java.time.Instant;
import java.util.List;

/**
 * Reading the audit log (docs/api.md, "Audit log"): a server admin reads every entry, a board admin their board's
 * entries; anyone else is refused (403).
 */
public interface AuditUseCase {
    /** The most entries one page holds, and what a page holds when no limit is asked for. */
    int MAX_LIMIT = 200;
    int DEFAULT_LIMIT = 50;

    /**
     * One page of the entries {@code filter} selects, newest first.
     *
     * @throws dev.tasklane.domain.error.ForbiddenException     when the actor may not read them
     * @throws dev.tasklane.domain.error.InvalidInputException when the cursor was not issued by this list, or the
     *                                                          limit is outside 1 to {@link #MAX_LIMIT}
     */
    AuditPage read(Actor actor, AuditFilter filter);

    /**
     * What the actor may read: every entry (a server admin), or the entries of these boards (those the actor
     * administers); neither, and {@link #read} refuses them. For a page that offers the boards to pick.
     */
    Readable readable(Actor actor);

    /** @param everyEntry whether every entry, on any board or none, is readable; {@code boards} then lists every board */
    record Readable(boolean everyEntry, List<dev.tasklane.domain.identity.Board> boards) {
        public Readable {
            boards = List.copyOf(boards);
        }
    }

    /**
     * What to read; every part is optional (null). {@code since} is inclusive, {@code until} exclusive;
     * {@code cursor} is a page's {@link AuditPage#nextCursor}, with the same filters.
     */
    record AuditFilter(AuditAction action, UserId userId, String username, BoardId boardId, String objectType,
                       String objectId, Instant since, Instant until, Integer limit, String cursor) {
        public static AuditFilter none() {
            return new AuditFilter(null, null, null, null, null, null, null, null, null, null);
        }

        public AuditFilter withBoard(BoardId board) {
            return new AuditFilter(action, userId, username, board, objectType, objectId, since, until, limit, cursor);
        }

        public AuditFilter withCursor(String next) {
            return new AuditFilter(action, userId, username, boardId, objectType, objectId, since, until, limit, next);
        }

        public AuditFilter withLimit(Integer max) {
            return new AuditFilter(action, userId, username, boardId, objectType, objectId, since, until, max, cursor);
        }
    }

    /** A page of entries, newest first, and the cursor of the next page (null on the last). */
    record AuditPage(List<AuditEntry> entries, String nextCursor) {
        public AuditPage {
            entries = List.copyOf(entries);
        }
    }
}
