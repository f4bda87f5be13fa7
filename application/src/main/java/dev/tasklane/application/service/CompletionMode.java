package dev.tasklane.application.service;

/**
 * How strictly completion reports are checked: {@link #GRACE} (the default) lets a missing explorer or
 * reviewer result through with a warning; {@link #STRICT} refuses it. Malformed results are refused in both.
 */
public enum CompletionMode {
    STRICT,
    GRACE
}
