package dev.tasklane.adapter.web;

/**
 * The signed-in person must set their own password before anything else (they signed in with the one-time admin
 * password): every page but the set-password page and sign-out answers with a redirect there.
 */
final class PasswordChangeRequired extends RuntimeException {
    private static final long serialVersionUID = 1L;

    PasswordChangeRequired() {
        super("Set your own password first", null, false, false);
    }
}
