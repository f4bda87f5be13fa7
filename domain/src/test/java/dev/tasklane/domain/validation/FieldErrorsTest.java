package dev.tasklane.domain.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class FieldErrorsTest {
    @Test
    void keepsMessagesOnceAndRowAlignedEmbedsAsTypedEntries() {
        FieldErrors errors = new FieldErrors().add("title", "can't be blank").add("title", "can't be blank");
        errors.addRows("key_files", List.of(new FieldErrors(), new FieldErrors().add("position", "is invalid")));
        assertEquals(List.of("title", "key_files"), List.copyOf(errors.fields()));
        assertEquals(List.of(new FieldErrors.Message("can't be blank")), errors.entries("title"));
        assertEquals(2, errors.rows("key_files").size());
        assertTrue(errors.row("key_files", 0).isEmpty());
        assertEquals(List.of("is invalid"), errors.row("key_files", 1).messages("position"));
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
        assertEquals(new Failure("a", List.of(new FieldError("y", "2"))), merged.get(1));
    }
}
