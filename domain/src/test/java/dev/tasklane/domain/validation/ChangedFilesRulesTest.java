package dev.tasklane.domain.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tasklane.domain.task.ChangedFile;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.Verbatim;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ChangedFilesRulesTest {
    static final int CAP = ChangedFilesRules.DEFAULT_LINE_CAP;

    static List<FieldError> errors(ChangedFilesDraft draft) {
        CompletionRejectedException error = assertThrows(CompletionRejectedException.class,
                () -> ChangedFilesRules.check(draft, CAP, dev.tasklane.domain.testing.SnakeNames.SNAKE));
        assertEquals(CompletionRejectedException.Family.FAILURES, error.family());
        assertEquals("changed_files", error.failures().get(0).field());
        return error.failures().get(0).errors();
    }

    static ChangedFilesDraft files(ChangedFile... files) {
        return ChangedFilesDraft.of(List.of(files));
    }

    @Test
    void constants() {
        assertEquals("[diff truncated at 500 lines]", ChangedFilesRules.TRUNCATION_MARKER);
        assertEquals("[binary file \u2014 no diff captured]", ChangedFilesRules.BINARY_PLACEHOLDER);
    }

    @Test
    void aValueThatIsNotAListIsReportedAsTheEdgeWordedIt() {
        FieldError absent = new FieldError("changed_files", "must be present (send [] to clear)");
        assertEquals(List.of(absent), errors(ChangedFilesDraft.malformed(absent)));
    }

    @Test
    void emptyListClears() {
        assertTrue(ChangedFilesRules.check(files(), CAP, dev.tasklane.domain.testing.SnakeNames.SNAKE).isEmpty());
    }

    @Test
    void filesAreKeptAsSentWithTheirUnknownKeysAndMissingDiff() {
        ChangedFile withExtra = new ChangedFile("lib/a.ex", "+x\n", new UnknownKeys(Map.of("diff_url", new Verbatim("\"u\""))));
        List<ChangedFile> sent = List.of(withExtra, ChangedFile.of("logo.png", ChangedFilesRules.BINARY_PLACEHOLDER),
                ChangedFile.of("README.md", null));
        assertEquals(sent, ChangedFilesRules.check(ChangedFilesDraft.of(sent), CAP, dev.tasklane.domain.testing.SnakeNames.SNAKE));
    }

    @Test
    void everyFailureIsReportedInEntryOrderWithoutEchoingThePath() {
        FieldError notAnObject = new FieldError("changed_file_entry", "changed_files[0] must be a map");
        FieldError diffNotText = new FieldError("changed_file_diff", "changed_files[3].diff must be a string");
        ChangedFilesDraft draft = new ChangedFilesDraft(null, List.of(
                new ChangedFilesDraft.Entry(null, notAnObject),
                new ChangedFilesDraft.Entry(ChangedFile.of(null, "d"), null),
                new ChangedFilesDraft.Entry(ChangedFile.of("/secret/../etc\0x", null), null),
                new ChangedFilesDraft.Entry(ChangedFile.of("ok", null), diffNotText),
                new ChangedFilesDraft.Entry(ChangedFile.of("", "a\n".repeat(CAP + 1)), null)));
        assertEquals(List.of(
                notAnObject,
                new FieldError("changed_file_path", "changed_files[1] must have a non-empty string \"path\""),
                new FieldError("changed_file_path", "changed_files[2] \"path\" must be a relative path, not absolute"),
                new FieldError("changed_file_path", "changed_files[2] \"path\" must not contain .. path traversal"),
                new FieldError("changed_file_path", "changed_files[2] \"path\" must not contain a null byte"),
                diffNotText,
                new FieldError("changed_file_path", "changed_files[4] must have a non-empty string \"path\""),
                new FieldError("changed_file_diff", "changed_files[4].diff exceeds the 500-line cap")), errors(draft));
    }

    @Test
    void anEntryWithoutAFileMustSayWhy() {
        assertThrows(NullPointerException.class, () -> new ChangedFilesDraft.Entry(null, null));
        assertThrows(IllegalArgumentException.class, () -> new ChangedFilesDraft(new FieldError("changed_files", "x"),
                List.of(new ChangedFilesDraft.Entry(ChangedFile.of("a", null), null))));
    }

    @Test
    void lineCapIgnoresOneTrailingNewline() {
        String exactly = "l\n".repeat(CAP);
        assertEquals(1, ChangedFilesRules.check(files(ChangedFile.of("a", exactly)), CAP, dev.tasklane.domain.testing.SnakeNames.SNAKE).size());
        String truncated = "l\n".repeat(CAP - 1) + ChangedFilesRules.TRUNCATION_MARKER;
        assertEquals(1, ChangedFilesRules.check(files(ChangedFile.of("a", truncated)), CAP, dev.tasklane.domain.testing.SnakeNames.SNAKE).size());
        assertEquals(List.of(new FieldError("changed_file_diff", "changed_files[0].diff exceeds the 500-line cap")),
                errors(files(ChangedFile.of("a", exactly + "\n"))));
    }
}
