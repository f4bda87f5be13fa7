package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.ConcurrentUpdateException;
import dev.tasklane.application.port.out.TargetStore;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.targets.Target;
import dev.tasklane.domain.targets.TargetId;
import dev.tasklane.domain.task.TaskIdentifier;
import org.jdbi.v3.core.Handle;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Delivery targets over JDBI (table {@code targets}, migration V103), in the caller's transaction. The scope is
 * two columns of comma-separated identifiers; an update is conditional on the version it was read at.
 */
final class JdbiTargetStore implements TargetStore {
    private static final String COLUMNS = "id, board_id, name, due_date, zone, goals, tasks, archived_at, created_at, "
            + "updated_at, version";
    private final JdbiTransactions transactions;

    JdbiTargetStore(JdbiTransactions transactions) {
        this.transactions = transactions;
    }

    private <T> T handle(Function<Handle, T> work) {
        return transactions.withHandle(work);
    }

    @Override
    public Target add(Target target) {
        long id = handle(h -> h.createUpdate("INSERT INTO targets (board_id, name, due_date, zone, goals, tasks, "
                        + "archived_at, created_at, updated_at, version) VALUES (:board, :name, :due, :zone, :goals, "
                        + ":tasks, :archived, :created, :updated, 1)")
                .bind("board", target.boardId().value()).bind("name", target.name()).bind("due", target.dueDate())
                .bind("zone", target.zone().getId()).bind("goals", join(target.goals()))
                .bind("tasks", join(target.tasks())).bind("archived", ts(target.archivedAt()))
                .bind("created", ts(target.createdAt())).bind("updated", ts(target.updatedAt()))
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one());
        return target.withId(TargetId.of(id)).withVersion(1);
    }

    @Override
    public Target save(Target target) {
        int rows = handle(h -> h.createUpdate("UPDATE targets SET name = :name, due_date = :due, zone = :zone, "
                        + "goals = :goals, tasks = :tasks, archived_at = :archived, updated_at = :updated, "
                        + "version = version + 1 WHERE id = :id AND board_id = :board AND version = :version")
                .bind("name", target.name()).bind("due", target.dueDate()).bind("zone", target.zone().getId())
                .bind("goals", join(target.goals())).bind("tasks", join(target.tasks()))
                .bind("archived", ts(target.archivedAt())).bind("updated", ts(target.updatedAt()))
                .bind("id", target.id().value()).bind("board", target.boardId().value()).bind("version", target.version())
                .execute());
        if (rows != 1) {
            throw new ConcurrentUpdateException("target " + target.id() + " changed since version " + target.version());
        }
        return target.withVersion(target.version() + 1);
    }

    @Override
    public Optional<Target> byId(BoardId boardId, TargetId id) {
        return handle(h -> h.createQuery("SELECT " + COLUMNS + " FROM targets WHERE id = :id AND board_id = :board")
                .bind("id", id.value()).bind("board", boardId.value()).map((row, context) -> target(row)).findOne());
    }

    @Override
    public List<Target> list(BoardId boardId) {
        return handle(h -> h.createQuery("SELECT " + COLUMNS + " FROM targets WHERE board_id = :board ORDER BY id")
                .bind("board", boardId.value()).map((row, context) -> target(row)).list());
    }

    private static Target target(ResultSet row) throws SQLException {
        return new Target(TargetId.of(row.getLong("id")), BoardId.of(row.getLong("board_id")), row.getString("name"),
                row.getObject("due_date", LocalDate.class), ZoneId.of(row.getString("zone")),
                split(row.getString("goals")), split(row.getString("tasks")), TaskRows.instant(row, "archived_at"),
                TaskRows.instant(row, "created_at"), TaskRows.instant(row, "updated_at"), row.getLong("version"));
    }

    private static String join(List<TaskIdentifier> identifiers) {
        StringBuilder out = new StringBuilder();
        for (TaskIdentifier identifier : identifiers) {
            out.append(out.length() == 0 ? "" : ",").append(identifier);
        }
        return out.toString();
    }

    private static List<TaskIdentifier> split(String column) {
        List<TaskIdentifier> identifiers = new ArrayList<>();
        if (column != null && !column.isEmpty()) {
            for (String part : column.split(",")) {
                TaskIdentifier.parse(part).ifPresent(identifiers::add);
            }
        }
        return identifiers;
    }

    private static OffsetDateTime ts(Instant instant) {
        return instant == null ? null : TaskRows.timestamp(instant);
    }

}
