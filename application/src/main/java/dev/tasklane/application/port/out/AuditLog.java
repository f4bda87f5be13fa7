package dev.tasklane.application.port.out;

import dev.tasklane.domain.audit.AuditAction;
import dev.tasklane.domain.audit.AuditEntry;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The audit log (docs/api.md, "Audit log"). Runs inside the caller's transaction like {@link TaskStore}, so an entry
 * commits with the change it records, or not at all.
 */
public interface AuditLog {
    /** Stores an entry; answers it with its number, which rises with every entry. */
    AuditEntry append(AuditEntry entry);

    /** The entries {@code query} selects, newest (highest number) first, at most {@code query.limit()} of them. */
    List<AuditEntry> find(Query query);

    /** Deletes at most {@code max} entries recorded before {@code cutoff}, the oldest first; answers how many. */
    int pruneBefore(Instant cutoff, int max);

    /**
     * Which entries to read: each filter that is not null must hold. {@code since} is inclusive, {@code until}
     * exclusive; {@code before} pages: only entries whose sequence is below it.
     */
    record Query(AuditAction action, UserId userId, String username, BoardId boardId, String objectType,
                 String objectId, Instant since, Instant until, Long before, int limit) {
        public Query {
            if (limit < 1) {
                throw new IllegalArgumentException("a query reads at least one entry");
            }
        }

        /** Everything, newest first. */
        public static Query all(int limit) {
            return new Query(null, null, null, null, null, null, null, null, null, limit);
        }

        public Query onBoard(BoardId board) {
            return new Query(action, userId, username, Objects.requireNonNull(board, "board"), objectType, objectId,
                    since, until, before, limit);
        }

        /** Whether {@code entry} passes every filter, paging included: what a store without an index checks. */
        public boolean matches(AuditEntry entry) {
            return (action == null || entry.action() == action)
                    && (userId == null || userId.equals(entry.userId()))
                    && (username == null || username.equals(entry.username()))
                    && (boardId == null || boardId.equals(entry.boardId()))
                    && (objectType == null || entry.target() != null && objectType.equals(entry.target().type()))
                    && (objectId == null || entry.target() != null && objectId.equals(entry.target().id()))
                    && (since == null || !entry.at().isBefore(since))
                    && (until == null || entry.at().isBefore(until))
                    && (before == null || entry.sequence() < before);
        }
    }

    /** Keeps nothing: for an application built without an audit log. */
    AuditLog NONE = new AuditLog() {
        @Override
        public AuditEntry append(AuditEntry entry) {
            return entry;
        }

        @Override
        public List<AuditEntry> find(Query query) {
            return List.of();
        }

        @Override
        public int pruneBefore(Instant cutoff, int max) {
            return 0;
        }
    };
}
