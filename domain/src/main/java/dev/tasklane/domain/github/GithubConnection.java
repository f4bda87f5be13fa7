package dev.tasklane.domain.github;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;

import java.time.Instant;
import java.util.regex.Pattern;

/**
 * A board's connection to one GitHub repository: issues of {@code repository} ({@code owner/name}) that carry
 * {@code label} become tasks of the board, created in the name of {@code connectedBy}. {@code secret} is the one
 * configured on GitHub's side too; it is never answered nor shown ({@link #toString()} leaves it out).
 */
public record GithubConnection(BoardId boardId, String repository, String secret, String label, LabelTable labels,
                               UserId connectedBy, Instant connectedAt) {
    public static final String DEFAULT_LABEL = "tasklane";
    public static final int MIN_SECRET = 16;
    public static final int MAX_SECRET = 256;
    /** GitHub's owner (39 characters) and repository (100) names. */
    private static final Pattern REPOSITORY = Pattern.compile("[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})/[A-Za-z0-9._-]{1,100}");

    public GithubConnection {
        if (boardId == null || connectedBy == null || connectedAt == null) {
            throw new IllegalArgumentException("board, connecting user and time are required");
        }
        repository = repository(repository);
        if (secret == null || secret.length() < MIN_SECRET || secret.length() > MAX_SECRET
                || !secret.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) {
            throw new InvalidInputException("invalid_param", "secret must be " + MIN_SECRET + " to " + MAX_SECRET
                    + " printable ASCII characters; set the same secret on GitHub's webhook",
                    new ErrorDetails.Field("secret"));
        }
        label = label == null || label.isBlank() ? DEFAULT_LABEL : label.strip();
        if (label.length() > LabelTable.MAX_LABEL) {
            throw new InvalidInputException("invalid_param", "label must be at most " + LabelTable.MAX_LABEL
                    + " characters", new ErrorDetails.Field("label"));
        }
        labels = labels == null ? LabelTable.DEFAULT : labels;
    }

    /** A repository name as sent, checked: {@code owner/name}. */
    public static String repository(String value) {
        String given = value == null ? "" : value.strip();
        if (!REPOSITORY.matcher(given).matches()) {
            throw new InvalidInputException("invalid_param", "repository must be owner/name as on GitHub, such as "
                    + "octo-org/octo-repo", new ErrorDetails.Field("repository"));
        }
        return given;
    }

    /** Whether the issue's labels hold this connection's label (without case). */
    public boolean labelled(java.util.Collection<String> issueLabels) {
        return issueLabels.stream().anyMatch(l -> l.equalsIgnoreCase(label));
    }

    @Override
    public String toString() {
        return "GithubConnection[board=" + boardId.value() + ", repository=" + repository + ", label=" + label
                + ", secret=[redacted]]";
    }
}
