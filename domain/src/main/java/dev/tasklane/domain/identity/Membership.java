package dev.tasklane.domain.identity;

/** A user's access to one board. */
public record Membership(long boardId, long userId, Access access) {
}
