package dev.tasklane.adapter.web.view;

/**
 * The page a person who signed in with a password someone else chose (the one-time admin password) must go through
 * before any other: set their own. {@code error} is the refusal of the last try, or null.
 */
public record NewPasswordPage(Chrome chrome, String csrf, String username, String error) {
}
