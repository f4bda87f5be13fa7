package dev.tasklane.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.validation.Failure;
import dev.tasklane.domain.validation.FieldError;
import dev.tasklane.domain.validation.FieldErrors;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ErrorJsonTest {
    @Test
    void rendersMessagesAndRowAlignedEmbedsAsTheChangesetTree() {
        FieldErrors errors = new FieldErrors().add("title", "can't be blank").add("title", "can't be blank");
        errors.addRows("key_files", List.of(new FieldErrors(), new FieldErrors().add("position", "is invalid")));
        assertEquals(Map.of("title", List.of("can't be blank"),
                "key_files", List.of(Map.of(), Map.of("position", List.of("is invalid")))), ErrorJson.fieldErrors(errors));
    }

    @Test
    void aFieldWithMessagesAndRowsKeepsBothInOrder() {
        FieldErrors errors = new FieldErrors().add("tasks", "is invalid");
        errors.addRows("tasks", List.of(new FieldErrors().add("title", "can't be blank")));
        assertEquals(Map.of("tasks", List.of("is invalid", List.of(Map.of("title", List.of("can't be blank"))))),
                ErrorJson.fieldErrors(errors));
    }

    @Test
    void rendersAFailureWithItsInnerErrors() {
        Failure failure = new Failure("a", List.of(new FieldError("y", "2")));
        assertEquals(Map.of("field", "a", "errors", List.of(Map.of("field", "y", "message", "2"))),
                ErrorJson.failure(failure));
    }

    @Test
    void rendersTheClaimHolderInTheDocumentedKeyOrder() {
        Map<String, Object> details = ErrorJson.details(new ErrorDetails.ClaimHeld("in_progress", "a", UserId.of(7),
                Instant.parse("2026-01-02T03:04:05Z")));
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("status", "in_progress");
        expected.put("held_by_agent", "a");
        expected.put("held_by_user_id", 7L);
        expected.put("claim_expires_at", "2026-01-02T03:04:05Z");
        assertEquals(List.copyOf(expected.entrySet()), List.copyOf(details.entrySet()));
    }

    /** Every detail shape the domain can throw has a wire shape; only NONE renders no details object. */
    @Test
    void everyDetailShapeRenders() throws ReflectiveOperationException {
        Class<?>[] shapes = ErrorDetails.class.getPermittedSubclasses();
        assertTrue(shapes.length > 1);
        for (Class<?> shape : shapes) {
            ErrorDetails details = RecordSamples.sample(shape, ErrorDetails.class);
            Map<String, Object> rendered = ErrorJson.details(details);
            if (details instanceof ErrorDetails.None) {
                assertTrue(rendered.isEmpty(), "NONE renders no details");
            } else {
                assertFalse(rendered.isEmpty(), shape.getSimpleName() + " renders its facts");
                assertEquals(shape.getRecordComponents().length, rendered.size(),
                        shape.getSimpleName() + " renders one key per component: " + rendered);
            }
        }
    }
}
