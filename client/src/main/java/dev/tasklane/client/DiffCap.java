package dev.tasklane.client;

import dev.tasklane.domain.validation.Limit;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The changed_files content conventions: at most {@value #LINE_CAP} lines per file (the first 499 kept and the
 * exact marker line appended), and a fixed placeholder instead of a binary file's diff.
 */
final class DiffCap {
    static final int LINE_CAP = 500;
    static final String TRUNCATED = "[diff truncated at 500 lines]";
    static final String BINARY = "[binary file \u2014 no diff captured]";

    private DiffCap() {
    }

    /**
     * The diff as uploaded: the placeholder for a binary diff, else the text capped at 500 lines, each line cut to
     * the server's {@link Limit#DIFF_LINE} and the whole to its {@link Limit#DIFF_BYTES}, so that the upload is
     * never refused for its size.
     */
    static String forUpload(String diff) {
        return isBinary(diff) ? BINARY : withinBytes(shortLines(cap(diff)));
    }

    /** Each line longer than {@link Limit#DIFF_LINE} characters cut, ending with an ellipsis. */
    static String shortLines(String diff) {
        if (diff.length() <= Limit.DIFF_LINE.max()) {
            return diff;
        }
        String[] lines = diff.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (!Limit.DIFF_LINE.fits(lines[i])) {
                lines[i] = lines[i].substring(0, lines[i].offsetByCodePoints(0, Limit.DIFF_LINE.max() - 1)) + "\u2026";
            }
        }
        return String.join("\n", lines);
    }

    /** The first lines that fit {@link Limit#DIFF_BYTES} with {@link #bytesMarker()} appended, or the diff as it is. */
    static String withinBytes(String diff) {
        byte[] bytes = diff.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= Limit.DIFF_BYTES.max()) {
            return diff;
        }
        String marker = bytesMarker();
        long budget = Limit.DIFF_BYTES.max() - marker.getBytes(StandardCharsets.UTF_8).length - 1;
        StringBuilder out = new StringBuilder();
        long used = 0;
        for (String line : diff.split("\n", -1)) {
            long size = line.getBytes(StandardCharsets.UTF_8).length + 1L;
            if (used + size > budget) {
                break;
            }
            out.append(line).append('\n');
            used += size;
        }
        return out.append(marker).append('\n').toString();
    }

    /** The last line of a diff cut at the byte cap. */
    static String bytesMarker() {
        return "[diff truncated at " + Limit.DIFF_BYTES.max() + " bytes]";
    }

    static String cap(String diff) {
        String body = diff.endsWith("\n") ? diff.substring(0, diff.length() - 1) : diff;
        String[] lines = body.split("\n", -1);
        if (lines.length <= LINE_CAP) {
            return diff;
        }
        return String.join("\n", Arrays.copyOf(lines, LINE_CAP - 1)) + "\n" + TRUNCATED + "\n";
    }

    /** Git prints "Binary files a/x and b/x differ" instead of a patch for a binary file. */
    static boolean isBinary(String diff) {
        return diff.lines().anyMatch(line -> line.startsWith("Binary files ") && line.endsWith(" differ"));
    }
}
