package dev.tasklane.domain.validation;

import dev.tasklane.domain.task.ExplorerResult;
import dev.tasklane.domain.task.ReviewerResult;
import dev.tasklane.domain.task.ReviewerResult.Findings;
import dev.tasklane.domain.task.UnknownKeys;

/**
 * The envelope of an explorer or reviewer result as sent, before the rules have read it (docs/rules.md, "Completion
 * results"): what {@link CompletionRules} judges in every result. A typed result gives one through {@link #of}; a
 * result whose envelope makes neither a dispatched nor a skipped one (no boolean dispatched, a dispatched one
 * without a non-negative duration, a skipped one without a reason) reaches the rules as one of these in
 * {@link CompletionProblems.ResultProblems#untyped()}, and the rules say what is wrong with it.
 *
 * @param dispatched null when not sent as a boolean
 * @param summary    null when not sent as a string
 * @param durationMs null when not sent as an integer
 * @param reason     null when not sent as a string
 * @param findings   a review sent with {@code dispatched: true}: its structured fields, which the contract reads
 *                   even when the envelope is wrong; null otherwise
 */
public record SentResult(Boolean dispatched, String summary, Long durationMs, String reason, Findings findings) {

    public static SentResult of(ExplorerResult result) {
        if (result == null) {
            return null;
        }
        if (result instanceof ExplorerResult.Dispatched ran) {
            return new SentResult(true, ran.summary(), ran.durationMs(), null, null);
        }
        return new SentResult(false, result.summary(), null, ((ExplorerResult.Skipped) result).reason(), null);
    }

    public static SentResult of(ReviewerResult result) {
        if (result == null) {
            return null;
        }
        if (result instanceof ReviewerResult.Dispatched ran) {
            return new SentResult(true, ran.summary(), ran.durationMs(), null, ran.findings());
        }
        return new SentResult(false, result.summary(), null, ((ReviewerResult.Skipped) result).reason(), null);
    }

    public boolean isDispatched() {
        return Boolean.TRUE.equals(dispatched);
    }

    /** The explorer result this envelope makes, with the keys it does not name; null when it makes none. */
    public ExplorerResult explorer(UnknownKeys unknownKeys) {
        if (isDispatched() && durationMs != null && durationMs >= 0) {
            return new ExplorerResult.Dispatched(summary, durationMs, unknownKeys);
        }
        if (Boolean.FALSE.equals(dispatched) && reason != null) {
            return new ExplorerResult.Skipped(summary, reason, unknownKeys);
        }
        return null;
    }

    /** The reviewer result this envelope makes, with the keys it does not name; null when it makes none. */
    public ReviewerResult reviewer(UnknownKeys unknownKeys) {
        if (isDispatched() && durationMs != null && durationMs >= 0) {
            return new ReviewerResult.Dispatched(summary, durationMs, findings, unknownKeys);
        }
        if (Boolean.FALSE.equals(dispatched) && reason != null) {
            return new ReviewerResult.Skipped(summary, reason, unknownKeys);
        }
        return null;
    }
}
