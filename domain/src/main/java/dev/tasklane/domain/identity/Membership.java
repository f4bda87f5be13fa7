package dev.tasklane.domain.identity;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;

/** A user's access to one board. */
public record Membership(BoardId boardId, UserId userId, Access access) {
}
