package dev.tasklane.bootstrap.architecture;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
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
    /** A class name cited in a doc: `Name`, `Name.member`, `Name#member` or `Name(...)`, two humps at least. */
    static final Pattern CITED_CLASS = Pattern.compile("`([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)(?:[.#(][^`]*)?`");
    /** Type declarations in a source, nested ones included. */
    static final Pattern DECLARED_TYPE = Pattern.compile("\\b(?:class|record|interface|enum)\\s+([A-Z]\\w*)");
    /**
     * Names the docs cite that are not the project's: JDK, library and web-platform types. A doc citing a class of
     * the project that does not exist fails {@link #everyClassADocCitesExists}; add here only what is not ours.
     */
    static final Set<String> NOT_OURS = Set.of("AutoCloseable", "RuntimeException", "IllegalStateException", "HashMap",
            "LinkedHashMap", "TreeMap", "TreeSet", "ConcurrentSkipListSet", "ThreadMXBean", "CachingSqlParser",
            "SqlObjectPlugin", "TimestampUtils", "JfrSupport", "GeneralCodingRules", "ImportOption", "JavalinTest",
            "EventSource", "HttpOnly", "MicrometerMetricsTrackerFactory", "MeterRegistry", "HttpServer");
    /** A reference to the project's issue tracker: history belongs in git and CHANGELOG.md. */
    static final Pattern ISSUE_NUMBER = Pattern.compile("(?i)\\bissue #?\\d+");
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

    /**
     * The application core names no route either: its refusals say what is wrong and name a NextStep; the HTTP
     * adapter's error handlers add the route to call.
     */
    @Test
    void theApplicationCoreNamesNoRoute() {
        List<Path> sources = javaSources(ROOT.resolve("application").resolve("src").resolve("main"));
        assertTrue(sources.size() > 20, "found only " + sources.size() + " application sources");
        List<String> found = new ArrayList<>(offenders(sources, API_PATH));
        found.addAll(offenders(sources, ROUTE));
        assertEquals(List.of(), found);
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

    /**
     * The domain holds no JSON: no {@code json} package and no Jackson import in its main code. What an agent sent
     * that no rule reads is a {@code Verbatim} whose format belongs to the adapters.
     */
    @Test
    void theDomainHasNoJsonPackageAndImportsNoJackson() {
        Path main = ROOT.resolve("domain").resolve("src").resolve("main");
        List<Path> sources = javaSources(main);
        assertTrue(sources.size() > 50, "found only " + sources.size() + " domain sources");
        List<String> found = new ArrayList<>(offenders(sources, JSON_IN_THE_DOMAIN));
        sources.stream().map(main::relativize).filter(SourcesCiteTheRepositoryTest::inAJsonPackage)
                .forEach(path -> found.add("domain/src/main/" + path + ": in a json package"));
        assertEquals(List.of(), found);
    }

    /** The domain check above catches what it exists for: a json package, a Jackson import, a JSON package line. */
    @Test
    void theDomainJsonCheckFindsWhatItLooksFor() {
        assertTrue(inAJsonPackage(Path.of("java/dev/tasklane/domain/json/RawJson.java")));
        assertTrue(inAJsonPackage(Path.of("java/dev/tasklane/domain/task/json/Keys.java")));
        assertTrue(!inAJsonPackage(Path.of("java/dev/tasklane/domain/task/JsonLike.java")));
        assertTrue(JSON_IN_THE_DOMAIN.matcher("import com.fasterxml.jackson.databind.JsonNode;").find());
        assertTrue(JSON_IN_THE_DOMAIN.matcher("package dev.tasklane.domain.json;").find());
        assertTrue(JSON_IN_THE_DOMAIN.matcher("import dev.tasklane.domain.json.RawJson;").find());
        assertTrue(!JSON_IN_THE_DOMAIN.matcher("import dev.tasklane.domain.task.Verbatim;").find());
    }

    /** A Jackson import, or a package (declared or imported) named json. */
    static final Pattern JSON_IN_THE_DOMAIN = Pattern.compile("^\\s*(import|package)\\s+(com\\.fasterxml\\.jackson\\b|[\\w.]*\\.json\\b)");

    private static boolean inAJsonPackage(Path source) {
        for (Path part : source.getParent()) {
            if (part.toString().equals("json")) {
                return true;
            }
        }
        return false;
    }

    /** Every class or test a doc names exists in the repository, as a file or a nested type. */
    @Test
    void everyClassADocCitesExists() {
        Set<String> declared = new HashSet<>();
        for (Path module : modules()) {
            for (Path source : javaSources(module.resolve("src"))) {
                declared.add(source.getFileName().toString().replace(".java", ""));
                Matcher types = DECLARED_TYPE.matcher(String.join("\n", read(source)));
                while (types.find()) {
                    declared.add(types.group(1));
                }
            }
        }
        declared.add("SourcesCiteTheRepositoryTest");
        List<Path> docs = new ArrayList<>(markdown(ROOT.resolve("docs")));
        docs.addAll(markdown(ROOT.resolve("bench")));
        docs.add(ROOT.resolve("README.md"));
        List<String> missing = new ArrayList<>();
        for (Path doc : docs) {
            List<String> lines = read(doc);
            for (int i = 0; i < lines.size(); i++) {
                Matcher cited = CITED_CLASS.matcher(lines.get(i));
                while (cited.find()) {
                    String name = cited.group(1);
                    if (!declared.contains(name) && !NOT_OURS.contains(name)) {
                        missing.add(ROOT.relativize(doc) + ":" + (i + 1) + ": " + name);
                    }
                }
            }
        }
        assertTrue(declared.size() > 500, "found only " + declared.size() + " types");
        assertEquals(List.of(), missing);
    }

    /** Sources and docs describe the present: no issue numbers (CHANGELOG.md and git keep the history). */
    @Test
    void noSourceOrDocNamesAnIssue() {
        List<Path> files = new ArrayList<>();
        for (Path module : modules()) {
            files.addAll(javaSources(module.resolve("src")));
        }
        files.addAll(markdown(ROOT.resolve("docs")));
        files.addAll(markdown(ROOT.resolve("bench")));
        files.add(ROOT.resolve("README.md"));
        assertTrue(files.size() > 100, "found only " + files.size() + " files");
        assertEquals(List.of(), offenders(files, ISSUE_NUMBER));
    }

    @Test
    void theChecksFindWhatTheyLookFor() {
        assertTrue(FOREIGN_CITATION.matcher("/** The full record (stride-wire §3.1). */").find());
        assertTrue(FOREIGN_CITATION.matcher("// interface-spec 2.6 keeps it valid").find());
        assertTrue(FOREIGN_CITATION.matcher("(decisions.md \"Lists\")").find());
        assertTrue(API_PATH.matcher("/** POST /api/tasks/claim: claim a task. */").find());
        assertTrue(ROUTE.matcher("\"Ask GET /next for another task.\"").find());
        assertTrue(!ROUTE.matcher("GETTING /tmp done").find());
        assertTrue(ISSUE_NUMBER.matcher("// value ids (Issue 12)").find());
        Matcher cited = CITED_CLASS.matcher("Tests: `HookProofTest`, `ClaimTask.of(id)`, `next`, `TASKLANE_X`.");
        assertTrue(cited.find() && cited.group(1).equals("HookProofTest"));
        assertTrue(cited.find() && cited.group(1).equals("ClaimTask"));
        assertTrue(!cited.find());
        assertTrue(ISSUE_NUMBER.matcher("see issue #3").find());
        assertTrue(!ISSUE_NUMBER.matcher("the issues a reviewer found").find());
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

    private static List<Path> markdown(Path under) {
        try (Stream<Path> walk = Files.walk(under)) {
            return walk.filter(path -> path.toString().endsWith(".md")).sorted().toList();
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
