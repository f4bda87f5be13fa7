package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.wip.WipLimits;

import java.util.List;

/**
 * A board's settings: its name and its WIP limits (docs/rules.md, "WIP limits"). Any member reads them; the board's
 * owners and admins change them.
 */
public interface BoardSettingsUseCase {
    /** The settings of a board the user belongs to (admins: any board). */
    BoardSettings settings(Actor actor, BoardId boardId);

    /** Renames the board and/or sets its WIP limits, as sent; owner or admin. Recorded in the audit log with how the actor came. */
    BoardSettings configure(Actor actor, BoardId boardId, BoardChange change);


    /** What to change; an unsent part is left as it is. */
    record BoardChange(Patch<String> name, Patch<WipLimits> wipLimits) {
    }

    /** A board, its WIP limits and the tasks in Doing now. */
    record BoardSettings(Board board, WipLimits wipLimits, List<String> doing) {
        public BoardSettings {
            doing = List.copyOf(doing);
        }
    }
}
