package dev.tasklane.application.port.in;

/**
 * The body of a new comment as the API receives it: plain text, kept as sent (line breaks included). The rules are
 * the domain's {@code CommentRules}.
 */
public record NewComment(String body) {
}
