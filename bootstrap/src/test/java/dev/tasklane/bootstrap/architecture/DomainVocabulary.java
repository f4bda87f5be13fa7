package dev.tasklane.bootstrap.architecture;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads domain sources as text and reports what belongs to the wire rather than to the business: an HTTP path
 * ({@code /api/}), an HTTP verb followed by a route, a snake_case string literal, the shape of a JSON key, and a
 * string literal that opens with a snake_case key followed by a member or an index ({@code "explorer_result.summary"},
 * {@code "changed_files["}), the shape of a JSON path, unless the key is one of the names the business itself uses
 * ({@code allowed}). {@code SourcesCiteTheRepositoryTest} runs it on
 * the domain's main sources, and tests it on planted violations.
 */
final class DomainVocabulary {
    /** An HTTP path of the API. */
    static final Pattern API_PATH = Pattern.compile("/api/");
    /** An HTTP verb followed by a path, as a route is written in a message. */
    static final Pattern ROUTE = Pattern.compile("\\b(GET|POST|PUT|PATCH|DELETE) /");
    /** A string literal in snake_case: two lower-case words at least, joined by underscores. */
    static final Pattern SNAKE_CASE_LITERAL = Pattern.compile("\"([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\"");
    /**
     * A string literal that opens with a snake_case key followed by a member ({@code .summary}) or an index
     * ({@code [}): a JSON path. A sentence that ends on a snake_case word ({@code "claim_token."}) is not one.
     */
    static final Pattern KEY_PATH_LITERAL = Pattern.compile("\"([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?:\\.[a-z]|\\[)");

    private DomainVocabulary() {
    }

    /**
     * The offending lines of {@code sources} (name to lines), as "name:line: text"; a snake_case literal in
     * {@code allowed} is not reported. Comments are read for paths and routes (a route in a comment is still the
     * wire's); a quoted name in a comment line is an example, not a key the code writes.
     */
    static List<String> violations(Map<String, List<String>> sources, Set<String> allowed) {
        List<String> found = new ArrayList<>();
        sources.forEach((name, lines) -> {
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                List<String> why = new ArrayList<>();
                if (API_PATH.matcher(line).find()) {
                    why.add("an HTTP path");
                }
                if (ROUTE.matcher(line).find()) {
                    why.add("a route");
                }
                Matcher literal = SNAKE_CASE_LITERAL.matcher(comment(line) ? "" : line);
                while (literal.find()) {
                    if (!allowed.contains(literal.group(1))) {
                        why.add("the JSON key \"" + literal.group(1) + "\"");
                    }
                }
                Matcher path = KEY_PATH_LITERAL.matcher(comment(line) ? "" : line);
                while (path.find()) {
                    if (!allowed.contains(path.group(1))) {
                        why.add("the JSON path of \"" + path.group(1) + "\"");
                    }
                }
                if (!why.isEmpty()) {
                    found.add(name + ":" + (i + 1) + ": " + String.join(", ", why) + ": " + line.strip());
                }
            }
        });
        return found;
    }

    /** The snake_case literals that occur in {@code sources}, to find allowed names no source uses any more. */
    static Set<String> snakeCaseLiterals(Map<String, List<String>> sources) {
        Set<String> used = new TreeSet<>();
        sources.values().forEach(lines -> lines.forEach(line -> {
            Matcher literal = SNAKE_CASE_LITERAL.matcher(comment(line) ? "" : line);
            while (literal.find()) {
                used.add(literal.group(1));
            }
        }));
        return used;
    }

    /** A line of a comment: javadoc, a block comment or a line comment. */
    private static boolean comment(String line) {
        String text = line.strip();
        return text.startsWith("*") || text.startsWith("/*") || text.startsWith("//");
    }
}
