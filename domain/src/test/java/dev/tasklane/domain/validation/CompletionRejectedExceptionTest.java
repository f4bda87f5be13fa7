package dev.tasklane.domain.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CompletionRejectedExceptionTest {
    @Test
    void theMessageListsEveryFailureInOrderAndTheExceptionSaysWhereItWasThrown() {
        CompletionRejectedException refused = new CompletionRejectedException(CompletionRejectedException.Family.FAILURES,
                List.of(new Failure("explorer_result", List.of(new FieldError("summary", "summary is required"))),
                        new Failure("reviewer_result", List.of(new FieldError("duration_ms", "must be a number"),
                                new FieldError("reason", "must be a string")))));
        assertEquals("completion validation failed: explorer_result: summary is required; "
                + "reviewer_result: must be a number; reviewer_result: must be a string", refused.getMessage());
        assertTrue(refused.getStackTrace().length > 0, "an embedding program sees where a refusal came from");
    }

    @Test
    void withoutFailuresTheMessageIsTheRefusalAlone() {
        assertEquals(CompletionRejectedException.MESSAGE,
                new CompletionRejectedException(CompletionRejectedException.Family.CHANGESET, List.of()).getMessage());
    }
}
