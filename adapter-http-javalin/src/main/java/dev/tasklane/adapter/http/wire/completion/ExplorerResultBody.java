package dev.tasklane.adapter.http.wire.completion;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.domain.task.ExplorerResult;
import dev.tasklane.domain.task.UnknownKeys;

/**
 * An {@code explorer_result} on the wire (docs/rules.md, "Completion results"): the envelope every result has, the
 * duration of a dispatched explorer or the reason of a skipped one, then every other key as sent. A task's answer
 * writes a stored result through it, and the onboarding's JSON Schema of the result is generated from its
 * components ({@code CompletionWire}).
 *
 * @param durationMs  a dispatched explorer's; null on a skipped one
 * @param reason      a skipped explorer's; null on a dispatched one
 * @param unknownKeys every key the result's case does not name, as sent
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ExplorerResultBody(Boolean dispatched, String summary, Long durationMs, String reason,
        @JsonUnwrapped UnknownKeys unknownKeys) {

    /** The wire form of a stored result; null for none. */
    public static ExplorerResultBody of(ExplorerResult result) {
        if (result instanceof ExplorerResult.Dispatched ran) {
            return new ExplorerResultBody(true, ran.summary(), ran.durationMs(), null, ran.unknownKeys());
        }
        if (result instanceof ExplorerResult.Skipped skipped) {
            return new ExplorerResultBody(false, skipped.summary(), null, skipped.reason(), skipped.unknownKeys());
        }
        return null;
    }
}
