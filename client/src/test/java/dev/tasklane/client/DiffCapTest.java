package dev.tasklane.client;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DiffCapTest {

    @Test
    void aDiffOfAtMostFiveHundredLinesIsKeptAsIs() {
        String diff = lines(500) + "\n";

        assertEquals(diff, DiffCap.cap(diff));
        assertEquals(lines(500), DiffCap.cap(lines(500)));
    }

    @Test
    void aLongerDiffKeepsItsFirst499LinesAndEndsWithTheMarker() {
        List<String> capped = DiffCap.cap(lines(501) + "\n").lines().toList();

        assertEquals(500, capped.size());
        assertEquals("line 499", capped.get(498));
        assertEquals("[diff truncated at 500 lines]", capped.get(499));
    }

    @Test
    void aBinaryDiffBecomesThePlaceholder() {
        String binary = "diff --git a/logo.png b/logo.png\nindex 1..2 100644\nBinary files a/logo.png and b/logo.png differ\n";

        assertEquals("[binary file \u2014 no diff captured]", DiffCap.forUpload(binary));
        assertEquals("+Binary files are fine as text\n", DiffCap.forUpload("+Binary files are fine as text\n"));
    }

    private static String lines(int count) {
        return IntStream.rangeClosed(1, count).mapToObj(i -> "line " + i).collect(Collectors.joining("\n"));
    }
}
