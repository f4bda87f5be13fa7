package dev.tasklane.domain.validation;

/**
 * How strictly a completion report is checked (docs/configuration.md, {@code TASKLANE_COMPLETION_VALIDATION}):
 * {@link #GRACE}, the default, lets a missing explorer or reviewer result and a review that disagrees with the
 * task through with a warning; {@link #STRICT} refuses them. Malformed results are refused in both.
 */
public enum CompletionMode {
    STRICT,
    GRACE
}
