package dev.tasklane.application.service;

import dev.tasklane.application.port.in.AuditUseCase;
import dev.tasklane.application.port.out.AuditLog;
import dev.tasklane.application.port.out.BoardStore;
import dev.tasklane.application.port.out.MembershipStore;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.audit.AuditEntry;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Membership;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.Scope;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * Reading the audit log, and pruning what is older than its retention (TASKLANE_AUDIT_RETENTION, 90 days by
 * default) for the sweeper. Who may read what is {@link #readableBoard}, one method.
 */
final class AuditService implements AuditUseCase {
    /** How long entries are kept unless configured otherwise. */
    static final Duration DEFAULT_RETENTION = Duration.ofDays(90);
    static final int PRUNE_BATCH = 500;
    /** The most boards {@link #readable} looks at for one actor. */
    static final int MAX_BOARDS = 1_000;
    static final String FORBIDDEN_CODE = "audit_forbidden";
    static final String FORBIDDEN_MESSAGE = "Only a server admin, or an admin of the board (its owner), can read the "
            + "audit log; a board admin reads their board's entries only";
    private static final String CURSOR_PREFIX = "audit:";

    private final AuditLog log;
    private final Transactions transactions;
    private final BoardStore directory;
    private final MembershipStore members;
    private final Clock clock;
    private final Duration retention;

    AuditService(AuditLog log, Transactions transactions, BoardStore directory, MembershipStore members, Clock clock,
                 Duration retention) {
        this.log = log;
        this.transactions = transactions;
        this.directory = directory;
        this.members = members;
        this.clock = clock;
        this.retention = retention;
    }

    @Override
    public AuditPage read(Actor actor, AuditFilter filter) {
        int limit = limit(filter.limit());
        Long before = filter.cursor() == null || filter.cursor().isEmpty() ? null : decode(filter.cursor());
        return transactions.inReadTransaction(() -> {
            Optional<BoardId> only = readableBoard(actor, filter.boardId());
            BoardId board = only.orElse(filter.boardId());
            List<AuditEntry> found = log.find(new AuditLog.Query(filter.action(), filter.userId(), filter.username(),
                    board, filter.objectType(), filter.objectId(), filter.since(), filter.until(), before, limit + 1));
            if (found.size() <= limit) {
                return new AuditPage(found, null);
            }
            List<AuditEntry> page = found.subList(0, limit);
            return new AuditPage(page, encode(page.get(page.size() - 1).sequence()));
        });
    }

    /** How far an actor's reading of the log reaches. */
    enum Reach {
        /** Every entry, on any board or none: a server admin. */
        EVERY_ENTRY,
        /** The entries of the board the access is to: a board admin. */
        THE_BOARD,
        NONE
    }

    /**
     * How far {@code actor} reads, given their access to a board (empty when not a member, or when no board is in
     * question): a server admin ({@link Scope#SERVER_ADMIN}) reads every entry; a board admin (a credential with
     * {@link Scope#BOARD_ADMIN} whose user owns the board) that board's. This method is the one place that judges
     * it, for the API and the web page alike.
     */
    static Reach reach(Actor actor, Optional<Access> accessToBoard) {
        if (actor.admin()) {
            return Reach.EVERY_ENTRY;
        }
        return accessToBoard.orElse(null) == Access.OWNER && actor.scopes().contains(Scope.BOARD_ADMIN)
                ? Reach.THE_BOARD : Reach.NONE;
    }

    /**
     * Which entries the actor may read: empty for a server admin (every entry, on any board or none), the board for
     * a board admin (only that board's entries, so never an entry on no board), and a refusal for anyone else.
     * {@code asked} is the board the caller filters by, if any. A token acts on its own board; a web session on the
     * board it asks for.
     *
     * @throws ForbiddenException when the actor is neither
     */
    Optional<BoardId> readableBoard(Actor actor, BoardId asked) {
        if (reach(actor, Optional.empty()) == Reach.EVERY_ENTRY) {
            return Optional.empty();
        }
        BoardId board = actor.board() != null ? actor.board().id() : asked;
        if (board == null || (asked != null && !asked.equals(board))) {
            throw forbidden();
        }
        Optional<Access> access = actor.board() != null && actor.board().id().equals(board) ? Optional.ofNullable(actor.access())
                : members.membership(board, actor.userId()).map(Membership::access);
        if (reach(actor, access) != Reach.THE_BOARD) {
            throw forbidden();
        }
        return Optional.of(board);
    }

    @Override
    public Readable readable(Actor actor) {
        return transactions.inReadTransaction(() -> {
            if (reach(actor, Optional.empty()) == Reach.EVERY_ENTRY) {
                return new Readable(true, directory.boards());
            }
            List<Board> boards = actor.board() != null ? List.of(actor.board()) : directory.boardsOf(actor.userId());
            return new Readable(false, boards.stream().limit(MAX_BOARDS).filter(board -> reach(actor,
                    members.membership(board.id(), actor.userId()).map(Membership::access)) == Reach.THE_BOARD).toList());
        });
    }

    private static ForbiddenException forbidden() {
        return new ForbiddenException(FORBIDDEN_CODE, FORBIDDEN_MESSAGE);
    }

    /** Deletes the entries older than the retention, a batch per transaction; answers how many. */
    int prune() {
        int pruned = 0;
        int batch;
        do {
            batch = transactions.inTransaction(() -> log.pruneBefore(clock.instant().minus(retention), PRUNE_BATCH));
            pruned += batch;
        } while (batch == PRUNE_BATCH);
        return pruned;
    }

    private static int limit(Integer asked) {
        if (asked == null) {
            return DEFAULT_LIMIT;
        }
        if (asked < 1 || asked > MAX_LIMIT) {
            throw new InvalidInputException("invalid_param", "limit must be between 1 and " + MAX_LIMIT,
                    new ErrorDetails.Field("limit"));
        }
        return asked;
    }

    static String encode(long id) {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString((CURSOR_PREFIX + id).getBytes(StandardCharsets.UTF_8));
    }

    static long decode(String cursor) {
        try {
            String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            if (!text.startsWith(CURSOR_PREFIX)) {
                throw invalidCursor();
            }
            long id = Long.parseLong(text.substring(CURSOR_PREFIX.length()));
            if (id < 1) {
                throw invalidCursor();
            }
            return id;
        } catch (IllegalArgumentException malformed) {
            throw invalidCursor();
        }
    }

    private static InvalidInputException invalidCursor() {
        return new InvalidInputException("invalid_cursor",
                "cursor is not valid for this list (it was not issued by a page of the audit log); start again without it",
                new ErrorDetails.Field("cursor"));
    }
}
