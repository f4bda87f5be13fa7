package dev.tasklane.adapter.web.view;

/** The signed-in person's account: change of password. */
public record AccountPage(Chrome chrome, String username, String displayName, String role) {
}
