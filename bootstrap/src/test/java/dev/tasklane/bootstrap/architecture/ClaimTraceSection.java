package dev.tasklane.bootstrap.architecture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The section "A server-picked claim, file by file" of docs/architecture.md, read for the two tests that hold it:
 * {@code ClaimTraceDocTest} (its list is well formed and counted) and {@code ClaimTraceTest} (its list is what a
 * claim runs).
 */
public final class ClaimTraceSection {
    private static final Pattern ENTRY = Pattern.compile("^(\\d+)\\. `(\\w+)` \\(([a-z]+)\\): .+");
    /** The sentence that names the entries from the claim's route to its SQL. */
    private static final Pattern ROUTE_TO_SQL =
            Pattern.compile("(?i)the route to the SQL\\b[^.]*? is entries (\\d+) to (\\d+): (\\d+) files");

    /** One numbered entry: its number, the class it names and the module's short name. */
    public record Entry(int number, String name, String module) {
        /** "Name (module)", as the trace prints a file. */
        public String file() {
            return name + " (" + module + ")";
        }
    }

    private ClaimTraceSection() {
    }

    /** The section's text, from its heading to the next heading. */
    public static String text(Path root) throws IOException {
        String doc = Files.readString(root.resolve("docs").resolve("architecture.md"));
        int start = doc.indexOf("### A server-picked claim, file by file");
        if (start < 0) {
            throw new AssertionError("docs/architecture.md has no section \"A server-picked claim, file by file\"");
        }
        int end = doc.indexOf("\n#", start + 4);
        return doc.substring(start, end < 0 ? doc.length() : end);
    }

    /**
     * The first and last entries of the route to the SQL, as the section states them ("The route to the SQL, from
     * ..., is entries 9 to 33: 25 files").
     *
     * @throws AssertionError when the section does not state them, or states a count that is not theirs
     */
    public static List<Integer> routeToSql(String section) {
        Matcher stated = ROUTE_TO_SQL.matcher(section.replace('\n', ' '));
        if (!stated.find()) {
            throw new AssertionError("the section states \"The route to the SQL ... is entries A to B: N files\"");
        }
        int first = Integer.parseInt(stated.group(1));
        int last = Integer.parseInt(stated.group(2));
        if (Integer.parseInt(stated.group(3)) != last - first + 1) {
            throw new AssertionError("entries " + first + " to " + last + " are " + (last - first + 1) + " files, not "
                    + stated.group(3));
        }
        return List.of(first, last);
    }

    /** The section's numbered entries, in order. */
    public static List<Entry> entries(String section) {
        List<Entry> entries = new ArrayList<>();
        for (String line : section.split("\n")) {
            Matcher entry = ENTRY.matcher(line);
            if (entry.matches()) {
                entries.add(new Entry(Integer.parseInt(entry.group(1)), entry.group(2), entry.group(3)));
            }
        }
        return entries;
    }
}
