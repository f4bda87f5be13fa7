package dev.tasklane.examples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs the JDBI example docs/embedding.md quotes: what one run stores, the next run reads. */
class DurableEmbeddingExampleTest {
    private static final String TOKEN = "tasklane_embedding_example_token_0123456789_ghijklmnopqrstu";

    @TempDir
    Path data;

    @Test
    void aTaskStoredByOneRunIsReadByTheNext() {
        String identifier;
        try (DurableTasklaneExample first = new DurableTasklaneExample(data, TOKEN)) {
            identifier = first.addTask("Write the release notes").task().identifier().toString();
        }
        assertTrue(Files.exists(data.resolve("tasklane.mv.db")));
        try (DurableTasklaneExample second = new DurableTasklaneExample(data, TOKEN)) {
            assertEquals("Write the release notes", second.read(identifier).task().spec().title());
        }
    }
}
