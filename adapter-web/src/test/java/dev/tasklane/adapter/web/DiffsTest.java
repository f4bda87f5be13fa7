package dev.tasklane.adapter.web;

import dev.tasklane.adapter.web.view.DiffFile;
import dev.tasklane.adapter.web.view.DiffLine;
import dev.tasklane.domain.task.ChangedFile;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The diff view's reading of changed_files: line kinds, numbers, the binary placeholder, the truncation marker. */
class DiffsTest {
    @Test
    void linesAreClassifiedAndNumberedFromTheHunkHeader() {
        DiffFile file = Diffs.file("a.txt", String.join("\n", "--- a/a.txt", "+++ b/a.txt", "@@ -3,3 +3,3 @@ heading",
                " same", "-old", "+new", " tail", ""));

        assertEquals(List.of("meta", "meta", "hunk", "ctx", "del", "add", "ctx"), file.lines().stream().map(DiffLine::kind).toList());
        assertEquals(new DiffLine("del", "4", "", "-", "old"), file.lines().get(4));
        assertEquals(new DiffLine("add", "", "4", "+", "new"), file.lines().get(5));
        assertEquals(new DiffLine("ctx", "5", "5", " ", "tail"), file.lines().get(6));
        assertEquals(1, file.added());
        assertEquals(1, file.removed());
        assertFalse(file.truncated() || file.binary() || file.empty());
    }

    @Test
    void theBinaryPlaceholderAndTheTruncationMarkerAreShownAsSuch() {
        DiffFile binary = Diffs.file("logo.png", "[binary file \u2014 no diff captured]");
        DiffFile truncated = Diffs.file("big.txt", "@@ -1 +1,2 @@\n+one\n+two\n[diff truncated at 500 lines]\n");
        DiffFile quotedMarker = Diffs.file("notes.md", "@@ -1 +1 @@\n+[diff truncated at 500 lines]\n context");

        assertTrue(binary.binary() && binary.lines().isEmpty());
        assertTrue(truncated.truncated());
        assertEquals(new DiffLine("marker", "", "", "", "[diff truncated at 500 lines]"), truncated.lines().get(3));
        assertEquals(2, truncated.added());
        assertFalse(quotedMarker.truncated(), "the marker counts only as the last line, not as added text");
        assertTrue(Diffs.file("empty.txt", null).empty());
        assertEquals("(no path)", Diffs.files(List.of(ChangedFile.of(null, "x"))).get(0).path());
    }

    @Test
    void generatedDiffsKeepTheirCountsAndEveryLine() {
        long seed = System.nanoTime();
        System.out.println("DiffsTest seed " + seed);
        Random random = new Random(seed);
        for (int round = 0; round < 300; round++) {
            StringBuilder diff = new StringBuilder("--- a/f\n+++ b/f\n");
            int added = 0;
            int removed = 0;
            int lines = 2;
            List<String> kinds = new ArrayList<>(List.of("meta", "meta"));
            for (int hunk = 0; hunk < 1 + random.nextInt(3); hunk++) {
                diff.append("@@ -").append(1 + random.nextInt(50)).append(",3 +").append(1 + random.nextInt(50)).append(",3 @@\n");
                kinds.add("hunk");
                lines++;
                for (int i = 0; i < random.nextInt(20); i++) {
                    switch (random.nextInt(3)) {
                        case 0 -> { diff.append('+').append(text(random)).append('\n'); added++; kinds.add("add"); }
                        case 1 -> { diff.append('-').append(text(random)).append('\n'); removed++; kinds.add("del"); }
                        default -> { diff.append(' ').append(text(random)).append('\n'); kinds.add("ctx"); }
                    }
                    lines++;
                }
            }
            boolean truncate = random.nextBoolean();
            if (truncate) {
                diff.append("[diff truncated at 500 lines]");
                kinds.add("marker");
                lines++;
            }
            DiffFile file = Diffs.file("f", diff.toString());
            assertEquals(added, file.added(), "seed " + seed);
            assertEquals(removed, file.removed(), "seed " + seed);
            assertEquals(lines, file.lines().size(), "seed " + seed);
            assertEquals(kinds, file.lines().stream().map(DiffLine::kind).toList(), "seed " + seed);
            assertEquals(truncate, file.truncated(), "seed " + seed);
        }
    }

    private static String text(Random random) {
        String alphabet = "abc +-@[]<>&\"' \t\u00e9\u2014";
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < random.nextInt(30); i++) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }
}
