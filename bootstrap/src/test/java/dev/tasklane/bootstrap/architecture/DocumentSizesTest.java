package dev.tasklane.bootstrap.architecture;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The documents a newcomer reads first stay short enough to read: the architecture in at most 400 lines, the
 * benchmarks' figures, method and how to rerun them in at most 300 (written by {@code bench/run.sh} from
 * {@code bench/bounds.md} and the results, so the bench's report is what this bounds). The earlier rounds of work on
 * the figures live in {@code bench/history/}, not in the document.
 */
class DocumentSizesTest {
    private static final Path ROOT = Path.of("..");

    @ParameterizedTest(name = "{0} has at most {1} lines")
    @CsvSource({"docs/architecture.md, 400", "docs/benchmarks.md, 300"})
    void staysWithinItsLines(String document, int maxLines) throws IOException {
        long lines = Files.readAllLines(ROOT.resolve(document)).size();
        assertTrue(lines <= maxLines, document + " has " + lines + " lines, more than " + maxLines
            + ": describe the present more briefly, and move history to CHANGELOG.md or bench/history/");
    }
}
