package dev.tasklane.domain.task;

import dev.tasklane.domain.json.UnknownKeys;

/**
 * A completion's {@code explorer_result} (docs/rules.md, "Completion results"): whether the explorer sub-agent was
 * dispatched, what it found, and how long it took or why it was skipped. Stored as sent.
 *
 * @param dispatched  null when not sent as a boolean (the rules refuse it)
 * @param summary     null when not sent as a string (the rules refuse it)
 * @param durationMs  null when not sent as an integer
 * @param reason      null when not sent as a string
 * @param unknownKeys every other key as sent, and a documented key whose value was not of its type
 */
public record ExplorerResult(Boolean dispatched, String summary, Long durationMs, String reason,
        UnknownKeys unknownKeys) {
    public ExplorerResult {
        unknownKeys = unknownKeys == null ? UnknownKeys.NONE : unknownKeys;
    }

    /** An explorer that ran as a sub-agent. */
    public static ExplorerResult dispatched(String summary, long durationMs) {
        return new ExplorerResult(true, summary, durationMs, null, UnknownKeys.NONE);
    }

    /** An explorer that was skipped for one of the documented skip reasons. */
    public static ExplorerResult skipped(String summary, String reason) {
        return new ExplorerResult(false, summary, null, reason, UnknownKeys.NONE);
    }
}
