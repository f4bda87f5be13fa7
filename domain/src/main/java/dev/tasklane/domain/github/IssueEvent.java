package dev.tasklane.domain.github;

import java.util.List;

/**
 * What an {@code issues} delivery says, read from GitHub's payload once its signature passed: the action, the
 * repository's {@code full_name}, the issue's number, title, body, labels, {@code html_url}, and for
 * {@code labeled} the label just added.
 */
public record IssueEvent(String action, String repository, long number, String title, String body,
                         List<String> labels, String htmlUrl, String addedLabel) {
    /** The longest body a task takes from an issue, in characters; a longer one is cut with a note. */
    public static final int MAX_BODY = 8_000;
    public static final int MAX_TITLE = 255;
    public static final int MAX_LABELS = 100;

    public IssueEvent {
        labels = labels == null ? List.of() : List.copyOf(labels.subList(0, Math.min(labels.size(), MAX_LABELS)));
        title = title == null || title.isBlank() ? "Issue #" + number : cut(title.strip(), MAX_TITLE);
    }

    private static String cut(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }

    /** The task's description: the issue's body, capped at {@link #MAX_BODY}, and the link back. */
    public String description() {
        String text = body == null ? "" : body.strip();
        if (text.length() > MAX_BODY) {
            text = text.substring(0, MAX_BODY) + "\n\n(cut at " + MAX_BODY + " characters; the rest is on GitHub)";
        }
        return (text.isEmpty() ? "" : text + "\n\n") + "From GitHub issue " + repository + "#" + number + ": " + htmlUrl;
    }
}
