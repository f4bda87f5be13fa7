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
