package dev.tasklane.edge;

import dev.tasklane.domain.task.ReviewerResult.Findings;
import dev.tasklane.domain.validation.SentResult;

import java.util.List;

/**
 * The envelope of an explorer or reviewer result as JSON spells it (docs/rules.md, "Completion results"): the keys
 * it names, which depend on whether the result was dispatched (a dispatched one has no {@code reason}, a skipped one
 * no {@code duration_ms}: those keys are then kept as sent), and the {@link SentResult} read from them. The HTTP
 * reader of a completion and the JDBI store's reader of a stored one both read results through it.
 */
public final class ResultEnvelope {
    /** Every envelope key, in the order a result is written. */
    public static final List<String> KEYS = List.of("dispatched", "summary", "duration_ms", "reason");
    private static final List<String> DISPATCHED = List.of("dispatched", "summary", "duration_ms");
    private static final List<String> SKIPPED = List.of("dispatched", "summary", "reason");

    /** The values of one result object, each read as its type or null. */
    public interface Fields {
        Boolean bool(String key);

        String string(String key);

        Long integer(String key);
    }

    private ResultEnvelope() {
    }

    /** The envelope keys a result names: all four while {@code dispatched} is unknown. */
    public static List<String> keysOf(Boolean dispatched) {
        return dispatched == null ? KEYS : dispatched ? DISPATCHED : SKIPPED;
    }

    /** The envelope of a result whose {@code dispatched} flag read {@code flag}, with the findings of a review. */
    public static SentResult read(Fields sent, Boolean flag, Findings findings) {
        return new SentResult(sent.bool("dispatched"), sent.string("summary"),
                Boolean.FALSE.equals(flag) ? null : sent.integer("duration_ms"),
                Boolean.TRUE.equals(flag) ? null : sent.string("reason"), findings);
    }
}
