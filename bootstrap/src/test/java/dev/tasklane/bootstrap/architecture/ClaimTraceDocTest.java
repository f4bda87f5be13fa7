package dev.tasklane.bootstrap.architecture;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The claim's trace in docs/architecture.md ("A server-picked claim, file by file") stays consistent with the sources:
 * its entries are numbered 1 to n, each names a class declared in the main sources of the module it says, no file is
 * listed twice, the counts its first paragraph states are those of the list, and the entries it names as the route to
 * the SQL are entries of the list, counted right. That the list is what a claim runs, complete and in order, is
 * {@code ClaimTraceTest}'s to check, on a running server; {@code SourcesCiteTheRepositoryTest} also fails when a
 * listed class goes away.
 */
class ClaimTraceDocTest {
    private static final Path ROOT = Path.of("..");
    private static final Pattern COUNTS = Pattern.compile("runs (\\d+) main files \\(http (\\d+), web (\\d+), "
        + "application (\\d+), jdbi (\\d+), domain (\\d+), edge (\\d+), json (\\d+), bootstrap (\\d+)\\)");
    private static final Map<String, String> MODULES = Map.of("http", "adapter-http-javalin", "web", "adapter-web",
        "application", "application", "jdbi", "adapter-jdbi", "domain", "domain", "edge", "edge", "json", "json",
        "bootstrap", "bootstrap");

    @Test
    void theClaimsTraceNamesEachFileOnceInItsModuleAndCountsThem() throws IOException {
        String section = ClaimTraceSection.text(ROOT);
        Map<String, Integer> perModule = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        List<String> files = new ArrayList<>();
        int expected = 1;
        for (ClaimTraceSection.Entry entry : ClaimTraceSection.entries(section)) {
            if (entry.number() != expected) {
                problems.add("entry " + entry.number() + " should be numbered " + expected);
            }
            expected++;
            String module = MODULES.get(entry.module());
            perModule.merge(entry.module(), 1, Integer::sum);
            Path file = module == null ? null : declaring(module, entry.name());
            if (file == null) {
                problems.add(entry.name() + ": no main source of " + entry.module() + " declares it");
            } else if (files.contains(file.toString())) {
                problems.add(entry.name() + ": its file " + file.getFileName() + " is listed already");
            } else {
                files.add(file.toString());
            }
        }
        Matcher counts = COUNTS.matcher(section.replace('\n', ' '));
        assertTrue(counts.find(), "the section's first paragraph states \"runs N main files (http a, ...)\"");
        String[] names = {"http", "web", "application", "jdbi", "domain", "edge", "json", "bootstrap"};
        assertEquals(expected - 1, Integer.parseInt(counts.group(1)), "the stated number of files");
        for (int i = 0; i < names.length; i++) {
            assertEquals(perModule.getOrDefault(names[i], 0), Integer.parseInt(counts.group(i + 2)),
                "the stated number of " + names[i] + " files");
        }
        List<Integer> routeToSql = ClaimTraceSection.routeToSql(section);
        assertTrue(routeToSql.get(0) >= 1 && routeToSql.get(0) <= routeToSql.get(1) && routeToSql.get(1) < expected,
                "the route to the SQL is entries of the list: " + routeToSql);
        assertEquals(List.of(), problems);
    }

    /** The main source file of {@code module} that declares {@code name}, nested or not; null when none does. */
    private static Path declaring(String module, String name) throws IOException {
        Pattern declared = Pattern.compile("\\b(?:class|record|interface|enum)\\s+" + name + "\\b");
        try (Stream<Path> walk = Files.walk(ROOT.resolve(module).resolve("src").resolve("main"))) {
            for (Path source : (Iterable<Path>) walk.filter(p -> p.toString().endsWith(".java"))::iterator) {
                if (declared.matcher(Files.readString(source)).find()) {
                    return source;
                }
            }
        }
        return null;
    }
}
