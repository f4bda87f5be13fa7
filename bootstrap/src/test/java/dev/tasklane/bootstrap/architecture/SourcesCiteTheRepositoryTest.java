package dev.tasklane.bootstrap.architecture;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The repository explains itself: source comments cite its own docs (docs/api.md, docs/rules.md ...), never the
 * documents it was first written from and does not contain; and the application core and the domain name no HTTP
 * path, the wire being the HTTP adapter's business (docs/architecture.md). Every module's sources are read as text.
 */
class SourcesCiteTheRepositoryTest {
    private static final Path ROOT = Path.of("..");
    /** Citations of documents outside the repository: the wire notes, the interface specification, the decision log. */
    static final Pattern FOREIGN_CITATION = Pattern.compile("stride-wire|interface-spec|decisions\\.md");
    /** An HTTP path of the API. */
    static final Pattern API_PATH = Pattern.compile("/api/");
    /** An HTTP verb followed by a path, as a route is written in a message. */
    static final Pattern ROUTE = Pattern.compile("\\b(GET|POST|PUT|PATCH|DELETE) /");

    @Test
    void noSourceCitesADocumentTheRepositoryDoesNotHold() {
        List<Path> sources = new ArrayList<>();
        for (Path module : modules()) {
            sources.addAll(javaSources(module.resolve("src")));
        }
        assertTrue(sources.size() > 100, "found only " + sources.size() + " sources under " + ROOT.toAbsolutePath());
        assertEquals(List.of(), offenders(sources, FOREIGN_CITATION));
    }

    @Test
    void theApplicationCoreNamesNoHttpPath() {
        List<Path> sources = javaSources(ROOT.resolve("application").resolve("src").resolve("main"));
        assertTrue(sources.size() > 20, "found only " + sources.size() + " application sources");
        assertEquals(List.of(), offenders(sources, API_PATH));
    }

    /**
     * The domain speaks business: its rules and messages name no route and no HTTP verb. A refusal that has a
     * remedy elsewhere names a NextStep, and each adapter says how to take it.
     */
    @Test
    void theDomainNamesNoRoute() {
        List<Path> sources = javaSources(ROOT.resolve("domain").resolve("src").resolve("main"));
        assertTrue(sources.size() > 50, "found only " + sources.size() + " domain sources");
        List<String> found = new ArrayList<>(offenders(sources, API_PATH));
        found.addAll(offenders(sources, ROUTE));
        assertEquals(List.of(), found);
    }

    @Test
    void theChecksFindWhatTheyLookFor() {
        assertTrue(FOREIGN_CITATION.matcher("/** The full record (stride-wire §3.1). */").find());
        assertTrue(FOREIGN_CITATION.matcher("// interface-spec 2.6 keeps it valid").find());
        assertTrue(FOREIGN_CITATION.matcher("(decisions.md \"Lists\")").find());
        assertTrue(API_PATH.matcher("/** POST /api/tasks/claim: claim a task. */").find());
        assertTrue(ROUTE.matcher("\"Ask GET /next for another task.\"").find());
        assertTrue(!ROUTE.matcher("GETTING /tmp done").find());
    }

    private static List<String> offenders(List<Path> sources, Pattern pattern) {
        List<String> found = new ArrayList<>();
        for (Path source : sources) {
            List<String> lines = read(source);
            for (int i = 0; i < lines.size(); i++) {
                if (pattern.matcher(lines.get(i)).find()) {
                    found.add(ROOT.relativize(source) + ":" + (i + 1) + ": " + lines.get(i).strip());
                }
            }
        }
        return found;
    }

    /** The Maven modules: the directories beside bootstrap that hold a pom.xml and sources. */
    private static List<Path> modules() {
        try (Stream<Path> children = Files.list(ROOT)) {
            return children.filter(dir -> Files.isRegularFile(dir.resolve("pom.xml")) && Files.isDirectory(dir.resolve("src")))
                    .sorted().toList();
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    private static List<Path> javaSources(Path under) {
        try (Stream<Path> walk = Files.walk(under)) {
            return walk.filter(path -> path.toString().endsWith(".java"))
                    .filter(path -> !path.getFileName().toString().equals("SourcesCiteTheRepositoryTest.java"))
                    .sorted().toList();
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    private static List<String> read(Path source) {
        try {
            return Files.readAllLines(source);
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }
}
