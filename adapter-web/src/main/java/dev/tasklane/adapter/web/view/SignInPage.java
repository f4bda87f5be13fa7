package dev.tasklane.adapter.web.view;

/** The sign-in form; {@code formToken} guards it against cross-site posting before any session exists. */
public record SignInPage(Chrome chrome, String formToken, String next, String username, String error) {
}
