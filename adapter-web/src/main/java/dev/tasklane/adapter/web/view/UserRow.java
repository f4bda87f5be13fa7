package dev.tasklane.adapter.web.view;

/** A user as the administration page lists them. */
public record UserRow(long id, String username, String displayName, String role, boolean disabled, boolean self) {
}
