package dev.tasklane.adapter.web;

import dev.tasklane.adapter.web.view.DiffFile;
import dev.tasklane.adapter.web.view.DiffLine;
import dev.tasklane.domain.task.ChangedFile;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a task's {@code changed_files} snapshot into what the diff view shows. Each entry is {@code path} and
 * an optional unified-patch {@code diff}; the binary placeholder and a last line that is the truncation marker
 * are recognised exactly as the client writes them (docs/api.md, "Changed files"), and shown as such rather than as code.
 */
final class Diffs {
    /** The exact diff text of a binary file (U+2014 em dash). */
    static final String BINARY_PLACEHOLDER = "[binary file \u2014 no diff captured]";
    private static final Pattern TRUNCATION_MARKER = Pattern.compile("\\[diff truncated at \\d+ lines]");
    private static final Pattern HUNK = Pattern.compile("^@@ -(\\d+)(?:,\\d+)? \\+(\\d+)(?:,\\d+)? @@.*");

    private Diffs() {
    }

    static List<DiffFile> files(List<ChangedFile> changedFiles) {
        List<DiffFile> files = new ArrayList<>();
        for (ChangedFile entry : changedFiles) {
            files.add(file(entry.path() == null ? "(no path)" : entry.path(), entry.diff()));
        }
        return files;
    }

    static DiffFile file(String path, String diff) {
        if (diff == null || diff.isEmpty()) {
            return new DiffFile(path, List.of(), false, false, true, 0, 0);
        }
        if (BINARY_PLACEHOLDER.equals(diff.strip())) {
            return new DiffFile(path, List.of(), true, false, false, 0, 0);
        }
        List<DiffLine> lines = new ArrayList<>();
        boolean truncated = false;
        int added = 0;
        int removed = 0;
        int oldLine = 0;
        int newLine = 0;
        boolean inHunk = false;
        String[] raw = diff.split("\n", -1);
        int count = raw.length > 0 && raw[raw.length - 1].isEmpty() ? raw.length - 1 : raw.length;
        for (int i = 0; i < count; i++) {
            String line = raw[i].endsWith("\r") ? raw[i].substring(0, raw[i].length() - 1) : raw[i];
            if (i == count - 1 && TRUNCATION_MARKER.matcher(line.strip()).matches()) {
                truncated = true;
                lines.add(new DiffLine("marker", "", "", "", line.strip()));
                continue;
            }
            Matcher hunk = HUNK.matcher(line);
            if (hunk.matches()) {
                oldLine = Integer.parseInt(hunk.group(1));
                newLine = Integer.parseInt(hunk.group(2));
                inHunk = true;
                lines.add(new DiffLine("hunk", "", "", "", line));
            } else if (!inHunk || line.startsWith("diff --git") || line.startsWith("index ")) {
                inHunk = inHunk && !line.startsWith("diff --git");
                lines.add(new DiffLine("meta", "", "", "", line));
            } else if (line.startsWith("+")) {
                added++;
                lines.add(new DiffLine("add", "", Integer.toString(newLine++), "+", line.substring(1)));
            } else if (line.startsWith("-")) {
                removed++;
                lines.add(new DiffLine("del", Integer.toString(oldLine++), "", "-", line.substring(1)));
            } else if (line.startsWith("\\")) {
                lines.add(new DiffLine("meta", "", "", "", line));
            } else {
                String text = line.isEmpty() ? "" : line.substring(1);
                lines.add(new DiffLine("ctx", Integer.toString(oldLine++), Integer.toString(newLine++), " ", text));
            }
        }
        return new DiffFile(path, lines, false, truncated, false, added, removed);
    }
}
