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

    @Test
    void longLinesAreCutToTheServersLineCap() {
        String line = "\uD83D\uDE42".repeat(dev.tasklane.domain.validation.Limit.DIFF_LINE.max() + 5);
        String uploaded = DiffCap.forUpload("+short\n+" + line + "\n");
        String[] lines = uploaded.split("\n", -1);
        assertEquals("+short", lines[0]);
        assertEquals(dev.tasklane.domain.validation.Limit.DIFF_LINE.max(), lines[1].codePointCount(0, lines[1].length()));
        assertEquals("", lines[2]);
    }

    @Test
    void aDiffPastTheServersByteCapKeepsItsFirstLinesAndEndsWithTheByteMarker() {
        String line = "+" + "\u65e5".repeat(1_000);
        String diff = String.join("\n", java.util.Collections.nCopies(400, line)) + "\n";
        String uploaded = DiffCap.forUpload(diff);
        assertEquals(true, uploaded.getBytes(java.nio.charset.StandardCharsets.UTF_8).length
                <= dev.tasklane.domain.validation.Limit.DIFF_BYTES.max());
        assertEquals(true, uploaded.endsWith(DiffCap.bytesMarker() + "\n"));
        assertEquals(true, uploaded.startsWith(line + "\n" + line + "\n"));
    }
}
