package dev.tasklane.domain.validation;

import dev.tasklane.domain.task.ChangedFile;
import dev.tasklane.domain.task.InputPart;
import dev.tasklane.domain.task.PartNames;
import java.util.ArrayList;
import java.util.List;

/**
 * The rules over a changed_files snapshot (docs/api.md, "Changed files"; docs/rules.md, "Changed files"): every
 * entry is checked, all failures are reported, the path is never echoed, and the entries are stored as sent
 * ({@code []} clears). Reading the JSON and unwrapping its transport envelope (base64, gzip) belong to the HTTP
 * edge, which hands the rules a {@link ChangedFilesDraft}; what it could not type arrives as a shape problem and
 * is reported here in its place among the others.
 */
public final class ChangedFilesRules {
    /** The per-file diff line cap (docs/configuration.md, the diff line cap). */
    public static final int DEFAULT_LINE_CAP = 500;
    /** The exact last line a client writes when it truncates a diff at the cap. */
    public static final String TRUNCATION_MARKER = truncationMarker(DEFAULT_LINE_CAP);
    /** The exact diff text of a binary file (U+2014 em dash). */
    public static final String BINARY_PLACEHOLDER = "[binary file \u2014 no diff captured]";

    private ChangedFilesRules() {
    }

    /** The truncation marker line for a given cap, e.g. {@code [diff truncated at 500 lines]}. */
    public static String truncationMarker(int lineCap) {
        return "[diff truncated at " + lineCap + " lines]";
    }

    /**
     * Returns the files to store, or throws {@link CompletionRejectedException} (failures family, under
     * {@link InputPart#CHANGED_FILES}) listing every problem, each part named as {@code names} spells it.
     */
    public static List<ChangedFile> check(ChangedFilesDraft draft, int lineCap, PartNames names) {
        List<FieldError> errors = errors(draft, lineCap, names);
        if (!errors.isEmpty()) {
            throw new CompletionRejectedException(CompletionRejectedException.Family.FAILURES,
                    List.of(new Failure(names.of(InputPart.CHANGED_FILES), errors)));
        }
        return draft.entries().stream().map(ChangedFilesDraft.Entry::file).toList();
    }

    /** The inner errors of a changed_files value, in check order (entry by entry, path before diff); empty when valid. */
    public static List<FieldError> errors(ChangedFilesDraft draft, int lineCap, PartNames names) {
        String field = names.of(InputPart.CHANGED_FILES);
        List<FieldError> errors = new ArrayList<>();
        if (draft.shapeProblem() != null) {
            errors.add(draft.shapeProblem());
            return errors;
        }
        List<ChangedFilesDraft.Entry> entries = draft.entries();
        if (!Limit.CHANGED_FILES.fits(entries)) {
            errors.add(new FieldError(field, "has " + entries.size() + " entries: at most " + Limit.CHANGED_FILES.max()
                    + " allowed (cap CHANGED_FILES)"));
            return errors;
        }
        long totalBytes = 0;
        for (int i = 0; i < entries.size(); i++) {
            String prefix = field + "[" + i + "]";
            ChangedFilesDraft.Entry entry = entries.get(i);
            if (entry.file() == null) {
                errors.add(entry.shapeProblem());
                continue;
            }
            path(prefix, entry.file().path(), names.of(InputPart.CHANGED_FILE_PATH), errors);
            if (entry.shapeProblem() != null) {
                errors.add(entry.shapeProblem());
            } else if (entry.file().diff() != null) {
                totalBytes += diff(prefix, entry.file().diff(), lineCap, names.of(InputPart.CHANGED_FILE_DIFF), errors);
            }
        }
        if (totalBytes > Limit.CHANGED_FILES_BYTES.max()) {
            errors.add(new FieldError(field, "diffs total " + totalBytes + " bytes: at most "
                    + Limit.CHANGED_FILES_BYTES.max() + " allowed (cap CHANGED_FILES_BYTES)"));
        }
        return errors;
    }

    private static void path(String prefix, String path, String part, List<FieldError> errors) {
        if (path == null || path.isEmpty()) {
            errors.add(new FieldError(part, prefix + " must have a non-empty string \"path\""));
        } else if (!Limit.FILE_PATH.fits(path)) {
            errors.add(new FieldError(part, prefix + " \"path\" " + Limit.FILE_PATH.exceeded()));
        } else {
            for (String problem : PathRules.problems(path)) {
                errors.add(new FieldError(part, prefix + " \"path\" " + problem));
            }
        }
    }

    /** Checks one diff against the caps and returns its UTF-8 size, which counts towards the snapshot's total. */
    private static long diff(String prefix, String diff, int lineCap, String part, List<FieldError> errors) {
        long bytes = utf8Bytes(diff);
        if (bytes > Limit.DIFF_BYTES.max()) {
            errors.add(new FieldError(part, prefix + ".diff is " + bytes + " bytes: at most "
                    + Limit.DIFF_BYTES.max() + " allowed (cap DIFF_BYTES)"));
        } else if (lineCount(diff) > lineCap) {
            errors.add(new FieldError(part, prefix + ".diff exceeds the " + lineCap + "-line cap"));
        } else if (longestLine(diff) > Limit.DIFF_LINE.max()) {
            errors.add(new FieldError(part, prefix + ".diff has a line longer than "
                    + Limit.DIFF_LINE.max() + " characters (cap DIFF_LINE); cut long lines"));
        }
        return bytes;
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

    /** Lines of a diff as docs/api.md ("Changed files") counts them: one trailing newline ignored, then split on newline. */
    static int lineCount(String diff) {
        String body = diff.endsWith("\n") ? diff.substring(0, diff.length() - 1) : diff;
        return body.split("\n", -1).length;
    }
}
