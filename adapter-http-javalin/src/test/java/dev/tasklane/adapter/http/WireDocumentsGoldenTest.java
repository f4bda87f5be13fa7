package dev.tasklane.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.domain.validation.CompletionMode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The documents the server describes itself with are pinned byte for byte: the onboarding document of
 * {@code GET /api/agent/onboarding} (with every JSON Schema in it) in both validation modes, and
 * {@code GET /api/openapi.json}, whose few objects built from {@code Map.of} (a parameter's schema) have no fixed key
 * order, so it is compared as a JSON tree. A change to any of them is deliberate: {@code -Dtasklane.recordGolden=<dir>} writes
 * the current answers into {@code <dir>} (point it at {@code src/test/resources/golden}) for review in the diff.
 */
class WireDocumentsGoldenTest {
    private static final String RECORD = "tasklane.recordGolden";

    @ParameterizedTest
    @CsvSource({"GRACE, /api/agent/onboarding, onboarding-grace.json, true",
            "STRICT, /api/agent/onboarding, onboarding-strict.json, true",
            "GRACE, /api/openapi.json, openapi.json, false"})
    void theDocumentIsIdenticalToItsRecording(CompletionMode mode, String path, String file, boolean bytes) {
        Harness.run(mode, HttpSettings.defaults("http://localhost:7070"), h -> {
            Harness.Res res = h.send("GET", path, null, null);
            assertEquals(200, res.status(), res.toString());
            String served = res.raw().body();
            String record = System.getProperty(RECORD);
            if (record != null) {
                write(Path.of(record, file), served);
            }
            if (bytes) {
                assertEquals(recorded(file), served, path + " in " + mode + " mode differs from golden/" + file);
            } else {
                assertEquals(tree(recorded(file)), tree(served), path + " differs from golden/" + file);
            }
        });
    }

    private static JsonNode tree(String json) {
        try {
            return Harness.MAPPER.readTree(json);
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    private static String recorded(String file) {
        try (InputStream in = WireDocumentsGoldenTest.class.getResourceAsStream("/golden/" + file)) {
            if (in == null) {
                throw new IllegalStateException("no recording golden/" + file + ": run with -D" + RECORD + "=<dir>");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    private static void write(Path path, String text) {
        try {
            Files.writeString(path, text, StandardCharsets.UTF_8);
        } catch (IOException unwritable) {
            throw new UncheckedIOException(unwritable);
        }
    }
}
