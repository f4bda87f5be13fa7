package dev.tasklane.domain.validation;

import static dev.tasklane.domain.validation.TaskFieldRulesTest.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ChangedFilesRulesTest {
    static final int CAP = ChangedFilesRules.DEFAULT_LINE_CAP;

    static List<FieldError> errors(Object raw) {
        CompletionRejectedException error = assertThrows(CompletionRejectedException.class,
                () -> ChangedFilesRules.check(raw, CAP));
        assertEquals(CompletionRejectedException.Family.FAILURES, error.family());
        assertEquals("changed_files", error.failures().get(0).field());
        return error.failures().get(0).errors();
    }

    @Test
    void constants() {
        assertEquals("[diff truncated at 500 lines]", ChangedFilesRules.TRUNCATION_MARKER);
        assertEquals("[binary file \u2014 no diff captured]", ChangedFilesRules.BINARY_PLACEHOLDER);
    }

    @Test
    void nullAndNonListAreRejected() {
        assertEquals(List.of(new FieldError("changed_files", "must be present (send [] to clear)")), errors(null));
        assertEquals(List.of(new FieldError("changed_files", "must be a list")), errors(Map.of()));
    }

    @Test
    void emptyListClears() {
        assertTrue(ChangedFilesRules.check(List.of(), CAP).isEmpty());
    }

    @Test
    void entriesAreKeptVerbatimIncludingExtraKeysAndMissingDiff() {
        List<Object> raw = List.of(map("path", "lib/a.ex", "diff", "+x\n", "diff_url", "u"), map("path", "logo.png",
                "diff", ChangedFilesRules.BINARY_PLACEHOLDER), map("path", "README.md"));
        List<Map<String, Object>> stored = ChangedFilesRules.check(raw, CAP);
        assertEquals(raw, stored);
    }

    @Test
    void everyFailureIsReportedWithoutEchoingThePath() {
        List<Object> raw = new ArrayList<>();
        raw.add("x");
        raw.add(map("diff", "d"));
        raw.add(map("path", "/secret/../etc\0x"));
        raw.add(map("path", "ok", "diff", 5));
        raw.add(map("path", "", "diff", "a\n".repeat(CAP + 1)));
        assertEquals(List.of(
                new FieldError("changed_file_entry", "changed_files[0] must be a map"),
                new FieldError("changed_file_path", "changed_files[1] must have a non-empty string \"path\""),
                new FieldError("changed_file_path", "changed_files[2] \"path\" must be a relative path, not absolute"),
                new FieldError("changed_file_path", "changed_files[2] \"path\" must not contain .. path traversal"),
                new FieldError("changed_file_path", "changed_files[2] \"path\" must not contain a null byte"),
                new FieldError("changed_file_diff", "changed_files[3].diff must be a string"),
                new FieldError("changed_file_path", "changed_files[4] must have a non-empty string \"path\""),
                new FieldError("changed_file_diff", "changed_files[4].diff exceeds the 500-line cap")), errors(raw));
    }

    @Test
    void lineCapIgnoresOneTrailingNewline() {
        String exactly = "l\n".repeat(CAP);
        assertFalse(ChangedFilesRules.check(List.of(map("path", "a", "diff", exactly)), CAP).isEmpty());
        String truncated = "l\n".repeat(CAP - 1) + ChangedFilesRules.TRUNCATION_MARKER;
        ChangedFilesRules.check(List.of(map("path", "a", "diff", truncated)), CAP);
        errors(List.of(map("path", "a", "diff", exactly + "\n")));
    }
}
