package dev.tasklane.adapter.http.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.tasklane.adapter.http.RecordSamples;
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

/** The domain's error values as written on the wire, through the records of {@link ErrorBody}. */
class DomainErrorsTest {
    private static final ObjectMapper MAPPER = JsonMapper.builder().build();

    static Map<String, Object> tree(Object value) {
        return MAPPER.convertValue(value, new TypeReference<LinkedHashMap<String, Object>>() {
        });
    }

    @Test
    void rendersMessagesAndRowAlignedEmbedsAsTheChangesetTree() {
        FieldErrors errors = new FieldErrors().add("title", "can't be blank").add("title", "can't be blank");
        errors.addRows("key_files", List.of(new FieldErrors(), new FieldErrors().add("position", "is invalid")));
        assertEquals(Map.of("title", List.of("can't be blank"),
                "key_files", List.of(Map.of(), Map.of("position", List.of("is invalid")))),
                tree(DomainErrors.fieldErrors(errors)));
    }

    @Test
    void aFieldWithMessagesAndRowsKeepsBothInOrder() {
        FieldErrors errors = new FieldErrors().add("tasks", "is invalid");
        errors.addRows("tasks", List.of(new FieldErrors().add("title", "can't be blank")));
        assertEquals(Map.of("tasks", List.of("is invalid", List.of(Map.of("title", List.of("can't be blank"))))),
                tree(DomainErrors.fieldErrors(errors)));
    }

    @Test
    void rendersAFailureWithItsInnerErrorsInKeyOrder() {
        Failure failure = new Failure("a", List.of(new FieldError("y", "2")));
        Map<String, Object> rendered = tree(DomainErrors.failure(failure));
        assertEquals(Map.of("field", "a", "errors", List.of(Map.of("field", "y", "message", "2"))), rendered);
        assertEquals(List.of("field", "errors"), List.copyOf(rendered.keySet()));
        assertEquals(List.of("field", "message"),
                List.copyOf(((Map<?, ?>) ((List<?>) rendered.get("errors")).get(0)).keySet()));
    }

    @Test
    void rendersTheClaimHolderInTheDocumentedKeyOrder() {
        Map<String, Object> details = tree(DomainErrors.details(new ErrorDetails.ClaimHeld("in_progress", "a",
                UserId.of(7), Instant.parse("2026-01-02T03:04:05Z"))));
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("status", "in_progress");
        expected.put("held_by_agent", "a");
        expected.put("held_by_user_id", 7L);
        expected.put("claim_expires_at", "2026-01-02T03:04:05Z");
        assertEquals(List.copyOf(expected.entrySet()), List.copyOf(details.entrySet()));
    }

    @Test
    void aClaimHolderWithoutAgentOrUserWritesTheirKeysAsNull() {
        Map<String, Object> details = tree(DomainErrors.details(new ErrorDetails.ClaimHeld("in_progress", null,
                null, null)));
        assertEquals(List.of("status", "held_by_agent", "held_by_user_id", "claim_expires_at"),
                List.copyOf(details.keySet()));
        assertNull(details.get("held_by_agent"));
    }

    /** Every detail shape the domain can throw has a wire shape; only NONE renders no details object. */
    @Test
    void everyDetailShapeRenders() throws ReflectiveOperationException {
        Class<?>[] shapes = ErrorDetails.class.getPermittedSubclasses();
        assertFalse(shapes.length <= 1);
        for (Class<?> shape : shapes) {
            ErrorDetails details = RecordSamples.sample(shape, ErrorDetails.class);
            ErrorBody.Details rendered = DomainErrors.details(details);
            if (details instanceof ErrorDetails.None) {
                assertNull(rendered, "NONE renders no details");
            } else {
                Map<String, Object> keys = tree(rendered);
                assertFalse(keys.isEmpty(), shape.getSimpleName() + " renders its facts");
                assertEquals(shape.getRecordComponents().length, keys.size(),
                        shape.getSimpleName() + " renders one key per component: " + keys);
            }
        }
    }
}
