package dev.tasklane.bootstrap.architecture;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The repository explains itself: source comments cite its own docs (docs/api.md, docs/rules.md ...), never the
 * documents it was first written from and does not contain; the application core names no HTTP path; and the domain
 * names no path, no route and no JSON key beyond the business's own names listed here, the wire being the adapters'
 * business (docs/architecture.md). Every module's sources are read as text.
 */
class SourcesCiteTheRepositoryTest {
    private static final Path ROOT = Path.of("..");
    /** Citations of documents outside the repository: the wire notes, the interface specification, the decision log. */
    static final Pattern FOREIGN_CITATION = Pattern.compile("stride-wire|interface-spec|decisions\\.md");
    /** An HTTP path of the API. */
    static final Pattern API_PATH = DomainVocabulary.API_PATH;
    /** A class name cited in a doc: `Name`, `Name.member`, `Name#member` or `Name(...)`, two humps at least. */
    static final Pattern CITED_CLASS = Pattern.compile("`([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)(?:[.#(][^`]*)?`");
    /** Type declarations in a source, nested ones included. */
    static final Pattern DECLARED_TYPE = Pattern.compile("\\b(?:class|record|interface|enum)\\s+([A-Z]\\w*)");
    /**
     * Names the docs cite that are not the project's: JDK, library and web-platform types. A doc citing a class of
     * the project that does not exist fails {@link #everyClassADocCitesExists}; add here only what is not ours.
     */
    static final Set<String> NOT_OURS = Set.of("AutoCloseable", "RuntimeException", "IllegalStateException", "HashMap",
            "LinkedHashMap", "TreeMap", "TreeSet", "ConcurrentSkipListSet", "ConcurrentHashMap", "ThreadMXBean", "CachingSqlParser",
            "SqlObjectPlugin", "TimestampUtils", "JfrSupport", "GeneralCodingRules", "ImportOption", "JavalinTest",
            "EventSource", "HttpOnly", "MicrometerMetricsTrackerFactory", "MeterRegistry", "HttpServer",
            // PostgreSQL's own functions, named where bench/bounds.md says where its time goes
            "EvalPlanQual", "LockAcquireExtended", "LockReleaseAll", "ExecInitModifyTable", "XactLockTableWait");
    /** A reference to the project's issue tracker: history belongs in git and CHANGELOG.md. */
    static final Pattern ISSUE_NUMBER = Pattern.compile("(?i)\\bissue #?\\d+");
    /** An HTTP verb followed by a path, as a route is written in a message. */
    static final Pattern ROUTE = DomainVocabulary.ROUTE;

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

    /** Hook names of the spec, which also names the workflow steps an agent reports after them. */
    static final Set<String> HOOK_NAMES = Set.of("after_doing", "before_review");
    /**
     * The codes of the refusals (docs/api.md, "Errors"): each names the rule a request broke, and the spec gives the
     * codes as names, so the rule that refuses carries its code.
     */
    static final Set<String> REFUSAL_CODES = Set.of("after_goal_not_armed", "after_goal_not_goal", "agent_not_stuck",
            "already_archived", "assigned_to_other_user", "board_owner_required", "cannot_review_own_work", "insufficient_scope",
            "completion_validation_failed", "goal_archived", "has_dependents", "has_unfinished_dependents",
            "hook_validation_failed", "invalid_after_goal_result", "invalid_archive", "invalid_column_for_mark_done",
            "invalid_column_for_review", "invalid_comment", "invalid_param", "invalid_position", "invalid_review_status",
            "invalid_status_for_complete", "invalid_transition", "invalid_wip_limit", "not_a_reviewer", "not_archived",
            "not_authorized_to_complete", "not_authorized_to_heartbeat", "not_authorized_to_unclaim",
            "not_authorized_write", "not_comment_author", "not_deletable", "not_reviewer", "restore_would_cycle",
            "review_authority_required", "review_not_performed", "review_notes_required", "stale_claim",
            "task_archived", "task_in_progress", "task_not_claimable", "task_not_claimed", "update_forbidden_field",
            "validation_failed", "wip_limit_reached", "activity_rate_limited", "invalid_activity_kind",
            "invalid_progress", "not_authorized_supervise", "progress_not_allowed", "session_not_found",
            "session_not_working", "stop_requested", "insufficient_history");
    /**
     * Values the spec defines as names (docs/rules.md): reasons a reviewer or explorer was skipped, why a workflow
     * step was skipped, the verdicts of acceptance criteria and behaviour rows, the categories of a reviewer's issue
     * (review dimensions), an archive reason, an agent's state.
     */
    static final Set<String> SPEC_VALUES = Set.of("acceptance_criteria", "not_met", "not_assessed", "not_applicable", "ran_inline",
            "no_subagent_support", "trivial_change_docs_only", "small_task_0_1_key_files", "decision_matrix_skip",
            "self_reported_review", "self_reported_exploration", "hook_body_empty", "subsumed_by_task_spec",
            "folded_into_prior_step", "matrix_deviation", "code_quality", "project_check", "wont_do",
            "waiting_for_review",
            // an agent session's state and how it ended, and the caps of its activities (docs/rules.md, "Sessions")
            "awaiting_input", "stop_grace_expired", "released_after_stop", "activity_body", "posts_per_second", "progress_max", "stop_reason");

    /**
     * Every snake_case name the domain may write: the union of the commented groups above, which are the business's
     * own names. No JSON key is among them: a rule keys its errors by an {@code InputPart} and the edge's
     * {@code DocumentKeys} spells it.
     */
    static Set<String> allowedDomainNames() {
        Set<String> allowed = new HashSet<>(HOOK_NAMES);
        allowed.addAll(REFUSAL_CODES);
        allowed.addAll(SPEC_VALUES);
        return allowed;
    }

    /**
     * The domain speaks business: its rules and messages name no HTTP path, no route and no HTTP verb, and no JSON
     * key beyond the names listed above. A refusal that has a remedy elsewhere names a NextStep, and each adapter
     * says how to take it; a key belongs to the adapter that writes it.
     */
    @Test
    void theDomainNamesNoRouteAndNoJsonKey() {
        Map<String, List<String>> sources = domainSources();
        assertTrue(sources.size() > 50, "found only " + sources.size() + " domain sources");
        assertEquals(List.of(), DomainVocabulary.violations(sources, allowedDomainNames()));
    }

    /** An allowed name that no domain source uses any more is taken off the list, so that the list only shrinks. */
    @Test
    void everyAllowedDomainNameIsStillUsed() {
        Set<String> stale = new TreeSet<>(allowedDomainNames());
        stale.removeAll(DomainVocabulary.snakeCaseLiterals(domainSources()));
        assertEquals(Set.of(), stale);
    }

    /**
     * The domain check finds each kind of wire knowledge planted in a source: a path, a route, a JSON key, a JSON
     * path, and a key that used to be allowed while a rule still keyed its errors by it. The business's own names,
     * sentences that end on one and event names pass.
     */
    @Test
    void theDomainCheckFindsPlantedViolations() {
        Map<String, List<String>> planted = new LinkedHashMap<>();
        planted.put("Planted.java", List.of(
                "class Planted {",
                "    String hint = \"Ask GET /api/tasks/next for another task.\";",
                "    String other = \"then POST /claim it\";",
                "    void write(java.util.Map<String, Object> out) { out.put(\"telemetry_event\", 1); }",
                "    String hook = \"before_doing\";",
                "    /** Example: \"owner_note\" in a comment is not a key the code writes. */",
                "    String summary = \"explorer_result.summary\";",
                "    String row(int i) { return \"changed_files[\" + i + \"]\"; }",
                "    String sentence = \"or with the claim's claim_token.\";",
                "    String event = \"task.claim_expired\";",
                "}"));
        List<String> found = DomainVocabulary.violations(planted, Set.of("before_doing"));
        assertEquals(5, found.size(), String.join("\n", found));
        assertTrue(found.get(0).startsWith("Planted.java:2: an HTTP path, a route: "), found.get(0));
        assertTrue(found.get(1).startsWith("Planted.java:3: a route: "), found.get(1));
        assertTrue(found.get(2).startsWith("Planted.java:4: the JSON key \"telemetry_event\": "), found.get(2));
        assertTrue(found.get(3).startsWith("Planted.java:7: the JSON path of \"explorer_result\": "), found.get(3));
        assertTrue(found.get(4).startsWith("Planted.java:8: the JSON path of \"changed_files\": "), found.get(4));
        assertEquals(Set.of("telemetry_event", "before_doing"), DomainVocabulary.snakeCaseLiterals(planted));
        assertEquals(List.of(), DomainVocabulary.violations(Map.of("Clean.java",
                List.of("String rule = \"is blocked by unfinished dependencies\";", "int GET_LIMIT = 3;")), Set.of()));
        Map<String, List<String>> keyed = Map.of("Keyed.java", List.of(
                "    new FieldError(\"completion_summary\", \"must not be blank\");",
                "    new Failure(\"reviewer_result\", errors);",
                "    Limit(\"key_files\");",
                "    case \"testing_strategy\" -> testingStrategy;"));
        assertEquals(4, DomainVocabulary.violations(keyed, allowedDomainNames()).size(),
                "the business's names admit no JSON key");
    }

    private static Map<String, List<String>> domainSources() {
        Map<String, List<String>> sources = new LinkedHashMap<>();
        for (Path source : javaSources(ROOT.resolve("domain").resolve("src").resolve("main"))) {
            sources.put(ROOT.relativize(source).toString(), read(source));
        }
        return sources;
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

    /** A link to a heading of one of the docs: {@code docs/api.md#errors}, or {@code (rules.md#sessions)} within docs/. */
    static final Pattern DOC_ANCHOR = Pattern.compile("(?:docs/|\\()([\\w-]+\\.md)#([\\w-]+)");

    /**
     * Every link to a heading that a source, an error body or a doc gives resolves: error bodies send agents to
     * {@code docs/api.md#...}, and an anchor that names no heading leaves an agent at the top of a long page.
     */
    @Test
    void everyLinkToAHeadingOfTheDocsResolves() {
        Map<String, Set<String>> headings = new LinkedHashMap<>();
        for (Path doc : markdown(ROOT.resolve("docs"))) {
            if (doc.getParent().equals(ROOT.resolve("docs"))) {
                headings.put(doc.getFileName().toString(), anchors(read(doc)));
            }
        }
        List<Path> files = new ArrayList<>();
        for (Path module : modules()) {
            files.addAll(javaSources(module.resolve("src").resolve("main")));
        }
        files.addAll(markdown(ROOT.resolve("docs")));
        files.add(ROOT.resolve("README.md"));
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path file : files) {
            List<String> lines = read(file);
            for (int i = 0; i < lines.size(); i++) {
                Matcher link = DOC_ANCHOR.matcher(lines.get(i));
                while (link.find()) {
                    Set<String> known = headings.get(link.group(1));
                    links++;
                    if (known != null && !known.contains(link.group(2))) {
                        broken.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + link.group(1) + "#" + link.group(2));
                    }
                }
            }
        }
        assertTrue(links > 20, "found only " + links + " links to headings");
        assertEquals(List.of(), broken);
    }

    /** The anchors GitHub gives a document's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
    static Set<String> anchors(List<String> lines) {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean fenced = false;
        for (String line : lines) {
            if (line.startsWith("```")) {
                fenced = !fenced;
            }
            Matcher heading = HEADING.matcher(line);
            if (!fenced && heading.matches()) {
                String slug = heading.group(1).strip().toLowerCase(java.util.Locale.ROOT)
                        .replaceAll("[^\\p{L}\\p{N}_ -]", "").replace(' ', '-');
                int repeat = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(repeat == 0 ? slug : slug + "-" + repeat);
            }
        }
        return anchors;
    }

    static final Pattern HEADING = Pattern.compile("#{1,6}\\s+(.*?)\\s*#*\\s*");

    @Test
    void headingAnchorsFollowGitHub() {
        assertEquals(Set.of("the-loops-bodies-complete", "projection-fields", "post-apitasksclaim", "errors", "errors-1"),
                anchors(List.of("### The loop's bodies, complete", "### Projection: fields=", "## `POST /api/tasks/claim`",
                        "## Errors", "```", "# not a heading", "```", "## Errors")));
        Matcher link = DOC_ANCHOR.matcher("see docs/api.md#the-agent-loop and [rules](rules.md#sessions)");
        assertTrue(link.find() && link.group(2).equals("the-agent-loop"));
        assertTrue(link.find() && link.group(1).equals("rules.md") && link.group(2).equals("sessions"));
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
