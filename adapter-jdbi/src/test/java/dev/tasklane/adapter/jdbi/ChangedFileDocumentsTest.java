package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.task.Verbatim;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.ChangedFile;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The changed_files column keeps the form rows were stored in before the snapshot was typed. */
class ChangedFileDocumentsTest {
    /** A column value exactly as the untyped store wrote it: the entries as sent, extra keys and a null diff included. */
    private static final String STORED_BEFORE_TYPING = "[{\"path\":\"lib/a.ex\",\"diff\":\"+x\\n\",\"diff_url\":\"u\","
            + "\"stats\":{\"added\":1,\"ratio\":0.50}},{\"diff\":\"[binary file \u2014 no diff captured]\",\"path\":\"logo.png\"},"
            + "{\"path\":\"README.md\",\"diff\":null}]";

    @Test
    void aColumnWrittenBeforeTheSnapshotWasTypedReadsAsTypedFiles() {
        Map<String, Verbatim> extra = new LinkedHashMap<>();
        extra.put("diff_url", new Verbatim("\"u\""));
        extra.put("stats", new Verbatim("{\"added\":1,\"ratio\":0.50}"));

        assertEquals(List.of(new ChangedFile("lib/a.ex", "+x\n", new UnknownKeys(extra)),
                ChangedFile.of("logo.png", "[binary file \u2014 no diff captured]"), ChangedFile.of("README.md", null)),
                TaskDocuments.changedFiles(STORED_BEFORE_TYPING));
    }

    @Test
    void writingAndReadingBackLosesNothing() {
        List<ChangedFile> files = TaskDocuments.changedFiles(STORED_BEFORE_TYPING);

        assertEquals(files, TaskDocuments.changedFiles(TaskDocuments.changedFiles(files)));
        assertNull(TaskDocuments.changedFiles(List.of()), "an empty snapshot is no column value");
        assertEquals(List.of(), TaskDocuments.changedFiles((String) null));
    }

    /** A column value as the store writes it today: path, diff when there is one, then the other keys as sent. */
    private static final String STORED_TODAY = "[{\"path\":\"lib/a.ex\",\"diff\":\"+x\\n\",\"diff_url\":\"u\","
            + "\"stats\":{\"added\":1,\"ratio\":0.50,\"tags\":[\"\u00e9\",null,true]}},{\"path\":\"README.md\"}]";

    @Test
    void aColumnInTodaysFormIsWrittenBackByteForByte() {
        List<ChangedFile> files = TaskDocuments.changedFiles(STORED_TODAY);

        assertEquals(List.of("diff_url", "stats"), List.copyOf(files.get(0).unknownKeys().values().keySet()));
        assertEquals(STORED_TODAY, TaskDocuments.changedFiles(files));
    }
}
