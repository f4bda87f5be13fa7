package dev.tasklane.domain.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FieldErrorsTest {
    @Test
    void rendersMessagesAndRowAlignedEmbedsAsPlainJavaTrees() {
        FieldErrors errors = new FieldErrors().add("title", "can't be blank").add("title", "can't be blank");
        errors.addRows("key_files", List.of(new FieldErrors(), new FieldErrors().add("position", "is invalid")));
        assertEquals(Map.of("title", List.of("can't be blank"),
                "key_files", List.of(Map.of(), Map.of("position", List.of("is invalid")))), errors.toMap());
    }

    @Test
    void allValidRowsAddNothing() {
        assertTrue(new FieldErrors().addRows("key_files", List.of(new FieldErrors())).isEmpty());
    }

    @Test
    void failureMergeKeepsFirstSeenOrderAndConcatenates() {
        List<Failure> merged = Failure.merge(List.of(new Failure("b", List.of(new FieldError("x", "1"))),
                new Failure("a", List.of(new FieldError("y", "2"))), new Failure("b", List.of(new FieldError("z", "3")))));
        assertEquals(List.of("b", "a"), merged.stream().map(Failure::field).toList());
        assertEquals(2, merged.get(0).errors().size());
        assertEquals(Map.of("field", "a", "errors", List.of(Map.of("field", "y", "message", "2"))),
                merged.get(1).toMap());
    }
}
