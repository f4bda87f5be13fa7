package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.wip.WipLimits;
import org.jdbi.v3.core.Handle;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * The {@code board_wip_limits} table: a board's WIP limits, and the row a claim updates to serialise the board's
 * claims before it counts Doing (docs/operations.md, "Lock order": after the claimed task's row).
 */
final class WipLimitRows {
    /** The board's work and defect tasks in Doing, on the board (binds :board). */
    static final String DOING = "SELECT identifier FROM tasks WHERE board_id = :board AND status = '"
            + Status.IN_PROGRESS.name() + "' AND type <> '" + TaskType.GOAL.name() + "' AND archived_at IS NULL ORDER BY id";

    private WipLimitRows() {
    }

    static WipLimits read(Handle handle, BoardId boardId) {
        return handle.createQuery("SELECT doing FROM board_wip_limits WHERE board_id = :board")
                .bind("board", boardId)
                .map((row, context) -> limits(row, "doing"))
                .findOne().orElse(WipLimits.NONE);
    }

    /** The limits in {@code column} of {@code row}: none when it is SQL NULL (no limit, or no row). */
    static WipLimits limits(ResultSet row, String column) throws SQLException {
        int doing = row.getInt(column);
        return row.wasNull() ? WipLimits.NONE : new WipLimits(doing);
    }

    static void write(Handle handle, BoardId boardId, WipLimits limits) {
        int updated = handle.createUpdate("UPDATE board_wip_limits SET doing = :doing WHERE board_id = :board")
                .bind("board", boardId).bindByType("doing", limits.doing(), Integer.class).execute();
        if (updated == 0) {
            handle.createUpdate("INSERT INTO board_wip_limits (board_id, doing) VALUES (:board, :doing) ON CONFLICT DO NOTHING")
                    .bind("board", boardId).bindByType("doing", limits.doing(), Integer.class).execute();
            handle.createUpdate("UPDATE board_wip_limits SET doing = :doing WHERE board_id = :board")
                    .bind("board", boardId).bindByType("doing", limits.doing(), Integer.class).execute();
        }
    }

    /** Takes the board's claim lock (its row, which exists once a limit was set), then reads Doing. */
    static List<String> lockDoing(Handle handle, BoardId boardId) {
        handle.createUpdate("UPDATE board_wip_limits SET claims = claims + 1 WHERE board_id = :board")
                .bind("board", boardId).execute();
        return handle.createQuery(DOING).bind("board", boardId).mapTo(String.class).list();
    }
}
