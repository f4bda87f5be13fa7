package dev.tasklane.client;

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

    /** The diff as uploaded: the placeholder for a binary diff, else the text capped at 500 lines. */
    static String forUpload(String diff) {
        return isBinary(diff) ? BINARY : cap(diff);
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
