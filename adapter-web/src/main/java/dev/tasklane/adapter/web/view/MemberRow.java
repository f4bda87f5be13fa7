package dev.tasklane.adapter.web.view;

/** A board member and their access. */
public record MemberRow(long userId, String username, String displayName, String access) {
}
