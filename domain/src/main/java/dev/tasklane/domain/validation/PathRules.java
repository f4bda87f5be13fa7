package dev.tasklane.domain.validation;

import java.util.ArrayList;
import java.util.List;

/** Relative-path safety shared by key_files and changed_files (docs/rules.md, "Caps"; docs/api.md, "Changed files"). */
final class PathRules {
    static final String ABSOLUTE = "must be a relative path, not absolute";
    static final String TRAVERSAL = "must not contain .. path traversal";
    static final String NUL = "must not contain a null byte";

    private PathRules() {
    }

    /** Every problem of a non-empty path, in check order. */
    static List<String> problems(String path) {
        List<String> problems = new ArrayList<>();
        if (path.startsWith("/")) {
            problems.add(ABSOLUTE);
        }
        if (path.contains("..")) {
            problems.add(TRAVERSAL);
        }
        if (path.indexOf('\0') >= 0) {
            problems.add(NUL);
        }
        return problems;
    }
}
