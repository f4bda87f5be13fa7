package dev.tasklane.domain.validation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Validates an already-decoded {@code changed_files} value (docs/api.md, "Changed files"): every entry is checked, all
 * failures are reported, the path is never echoed, and valid entries are kept verbatim (extra keys
 * included). {@code []} clears. Envelope decoding (base64, gzip) belongs to the HTTP edge.
 */
public final class ChangedFilesRules {
    /** The per-file diff line cap (docs/api.md, "Request caps and limits"). */
    public static final int DEFAULT_LINE_CAP = 500;
    /** The exact last line a client writes when it truncates a diff at the cap. */
    public static final String TRUNCATION_MARKER = truncationMarker(DEFAULT_LINE_CAP);
    /** The exact diff text of a binary file (U+2014 em dash). */
    public static final String BINARY_PLACEHOLDER = "[binary file \u2014 no diff captured]";

    static final String FIELD = "changed_files";

    private ChangedFilesRules() {
    }

    /** The truncation marker line for a given cap, e.g. {@code [diff truncated at 500 lines]}. */
    public static String truncationMarker(int lineCap) {
        return "[diff truncated at " + lineCap + " lines]";
    }

    /**
     * Returns the entries to store, or throws {@link CompletionRejectedException} (failures family, field
     * {@code changed_files}) listing every problem.
     */
    public static List<Map<String, Object>> check(Object rawList, int lineCap) {
        List<FieldError> errors = errors(rawList, lineCap);
        if (!errors.isEmpty()) {
            throw new CompletionRejectedException(CompletionRejectedException.Family.FAILURES,
                    List.of(new Failure(FIELD, errors)));
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object entry : (List<?>) rawList) {
            out.add(Collections.unmodifiableMap(new LinkedHashMap<>(Values.stringKeyed((Map<?, ?>) entry))));
        }
        return Collections.unmodifiableList(out);
    }

    /** The inner errors of a changed_files value, in check order; empty when valid. */
    public static List<FieldError> errors(Object rawList, int lineCap) {
        List<FieldError> errors = new ArrayList<>();
        if (rawList == null) {
            errors.add(new FieldError(FIELD, "must be present (send [] to clear)"));
            return errors;
        }
        if (!(rawList instanceof List<?> list)) {
            errors.add(new FieldError(FIELD, "must be a list"));
            return errors;
        }
        if (!Limit.CHANGED_FILES.fits(list)) {
            errors.add(new FieldError(FIELD, "has " + list.size() + " entries: at most " + Limit.CHANGED_FILES.max()
                    + " allowed (cap CHANGED_FILES)"));
            return errors;
        }
        long totalBytes = 0;
        for (int i = 0; i < list.size(); i++) {
            String prefix = "changed_files[" + i + "]";
            if (!(list.get(i) instanceof Map<?, ?> entry)) {
                errors.add(new FieldError("changed_file_entry", prefix + " must be a map"));
                continue;
            }
            Object path = entry.get("path");
            if (!(path instanceof String text) || text.isEmpty()) {
                errors.add(new FieldError("changed_file_path", prefix + " must have a non-empty string \"path\""));
            } else if (!Limit.FILE_PATH.fits(text)) {
                errors.add(new FieldError("changed_file_path", prefix + " \"path\" " + Limit.FILE_PATH.exceeded()));
            } else {
                for (String problem : PathRules.problems(text)) {
                    errors.add(new FieldError("changed_file_path", prefix + " \"path\" " + problem));
                }
            }
            Object diff = entry.get("diff");
            if (diff != null && !(diff instanceof String)) {
                errors.add(new FieldError("changed_file_diff", prefix + ".diff must be a string"));
            } else if (diff instanceof String text) {
                long bytes = utf8Bytes(text);
                totalBytes += bytes;
                if (bytes > Limit.DIFF_BYTES.max()) {
                    errors.add(new FieldError("changed_file_diff", prefix + ".diff is " + bytes + " bytes: at most "
                            + Limit.DIFF_BYTES.max() + " allowed (cap DIFF_BYTES)"));
                } else if (lineCount(text) > lineCap) {
                    errors.add(new FieldError("changed_file_diff", prefix + ".diff exceeds the " + lineCap + "-line cap"));
                } else if (longestLine(text) > Limit.DIFF_LINE.max()) {
                    errors.add(new FieldError("changed_file_diff", prefix + ".diff has a line longer than "
                            + Limit.DIFF_LINE.max() + " characters (cap DIFF_LINE); cut long lines"));
                }
            }
        }
        if (totalBytes > Limit.CHANGED_FILES_BYTES.max()) {
            errors.add(new FieldError(FIELD, "diffs total " + totalBytes + " bytes: at most "
                    + Limit.CHANGED_FILES_BYTES.max() + " allowed (cap CHANGED_FILES_BYTES)"));
        }
        return errors;
    }

    /** UTF-8 length of a string without encoding it. */
    static long utf8Bytes(String text) {
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    /** Code points of the longest line of a diff. */
    static int longestLine(String diff) {
        int longest = 0;
        int start = 0;
        while (start <= diff.length()) {
            int end = diff.indexOf('\n', start);
            int stop = end < 0 ? diff.length() : end;
            if (stop - start > longest) {
                longest = Math.max(longest, diff.codePointCount(start, stop));
            }
            if (end < 0) {
                break;
            }
            start = end + 1;
        }
        return longest;
    }

    /** Lines of a diff as the line cap counts them (docs/api.md, "Request caps and limits"): one trailing newline ignored, then split on newline. */
    static int lineCount(String diff) {
        String body = diff.endsWith("\n") ? diff.substring(0, diff.length() - 1) : diff;
        return body.split("\n", -1).length;
    }
}
