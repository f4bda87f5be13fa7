package dev.tasklane.bootstrap.architecture;

import dev.tasklane.domain.selection.SelectionRule;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One numbering of the selection rules: docs/rules.md's table ("Selection"), the constants of {@link SelectionRule}
 * (declaration order S1, S2, ...) and the stores' pre-filters agree. Each row names its constant and its
 * pre-filters; each constant's documentation gives its number and lists the same pre-filters; each pre-filter class
 * names exactly the rules whose rows list it.
 */
class SelectionRuleNumbersTest {
    private static final Path ROOT = Path.of("..");
    private static final Pattern ROW = Pattern.compile("^\\| (S\\d+) \\| .* \\| `([A-Z_]+)` \\| (.*) \\|$", Pattern.MULTILINE);
    private static final Pattern CLASS = Pattern.compile("`?([A-Z][a-z]+(?:[A-Z][a-z]+)+)`?");
    private static final Pattern RULE_CITED = Pattern.compile("\\bS(\\d+)\\b");

    /** The pre-filter classes, by simple name, with their sources. */
    private static Map<String, String> preFilters() throws IOException {
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put("CandidateCursor", read("adapter-jdbi/src/main/java/dev/tasklane/adapter/jdbi/JdbiTaskStore.java"));
        sources.put("ReadyIndex", read("adapter-inmemory/src/main/java/dev/tasklane/adapter/inmemory/ReadyIndex.java"));
        return sources;
    }

    private static String read(String path) throws IOException {
        return Files.readString(ROOT.resolve(path), StandardCharsets.UTF_8);
    }

    /** What disagrees between the rules document, the rule's source and the pre-filters' sources; empty if nothing. */
    static List<String> problems(String rulesDoc, String ruleSource, Map<String, String> preFilterSources) {
        List<String> problems = new ArrayList<>();
        int selection = rulesDoc.indexOf("## Selection");
        int next = rulesDoc.indexOf("\n## ", selection + 1);
        String section = selection < 0 ? "" : rulesDoc.substring(selection, next < 0 ? rulesDoc.length() : next);
        Matcher rows = ROW.matcher(section);
        Map<String, Set<String>> listedBy = new LinkedHashMap<>();
        preFilterSources.keySet().forEach(name -> listedBy.put(name, new TreeSet<>()));
        int index = 0;
        while (rows.find()) {
            String number = rows.group(1);
            String constant = rows.group(2);
            SelectionRule[] rules = SelectionRule.values();
            if (index >= rules.length || !rules[index].name().equals(constant) || !number.equals("S" + (index + 1))) {
                problems.add("rules.md row " + number + " names " + constant + ", but S" + (index + 1) + " is "
                        + (index < rules.length ? rules[index].name() : "no rule"));
            }
            index++;
            Set<String> documented = classesIn(rows.group(3), preFilterSources.keySet());
            documented.forEach(name -> listedBy.get(name).add(number));
            String javadoc = javadocOf(ruleSource, constant);
            if (!javadoc.contains("Rule " + number + ":")) {
                problems.add(constant + "'s documentation does not give its number " + number);
            }
            int filters = javadoc.indexOf("Pre-filters:");
            Set<String> inSource = filters < 0 ? Set.of() : classesIn(javadoc.substring(filters), preFilterSources.keySet());
            if (!inSource.equals(documented)) {
                problems.add(constant + " lists the pre-filters " + inSource + ", rules.md " + documented);
            }
        }
        if (index != SelectionRule.values().length) {
            problems.add("rules.md lists " + index + " selection rules, SelectionRule has " + SelectionRule.values().length);
        }
        preFilterSources.forEach((name, source) -> {
            Set<String> cited = new TreeSet<>();
            Matcher rule = RULE_CITED.matcher(source);
            while (rule.find()) {
                cited.add("S" + rule.group(1));
            }
            if (!cited.equals(listedBy.get(name))) {
                problems.add(name + " names the rules " + cited + ", rules.md lists it under " + listedBy.get(name));
            }
        });
        return problems;
    }

    private static Set<String> classesIn(String text, Set<String> known) {
        Set<String> found = new TreeSet<>();
        Matcher name = CLASS.matcher(text);
        while (name.find()) {
            if (known.contains(name.group(1))) {
                found.add(name.group(1));
            }
        }
        return found;
    }

    /** The documentation comment right before {@code CONSTANT {} in the enum's source. */
    private static String javadocOf(String source, String constant) {
        int at = source.indexOf("    " + constant + " {");
        int end = at < 0 ? -1 : source.lastIndexOf("*/", at);
        int start = end < 0 ? -1 : source.lastIndexOf("/**", end);
        return start < 0 ? "" : source.substring(start, end);
    }

    @Test
    void theRulesTheirNumbersAndTheirPreFiltersAgree() throws IOException {
        List<String> problems = problems(read("docs/rules.md"),
                read("domain/src/main/java/dev/tasklane/domain/selection/SelectionRule.java"), preFilters());
        assertEquals(List.of(), problems);
    }

    @Test
    void theCheckFindsARenumberedRuleAForgottenPreFilterAndAStrayCitation() throws IOException {
        String doc = read("docs/rules.md");
        String rule = read("domain/src/main/java/dev/tasklane/domain/selection/SelectionRule.java");
        Map<String, String> filters = preFilters();

        String swapped = doc.replace("| S2 |", "| SX |").replace("| S3 |", "| S2 |").replace("| SX |", "| S3 |");
        assertTrue(problems(swapped, rule, filters).stream().anyMatch(p -> p.contains("row S3 names CLAIMABLE_TYPE")),
                "two rows swapped");

        String unlisted = rule.replace("Pre-filters: ReadyIndex (the partitions of the capability sets", "Pre-filters: none (");
        assertTrue(problems(doc, unlisted, filters).stream().anyMatch(p -> p.startsWith("CAPABILITIES_MATCH lists")),
                "a pre-filter the rule forgets");

        Map<String, String> stray = new LinkedHashMap<>(filters);
        stray.put("CandidateCursor", filters.get("CandidateCursor") + "\n// also rule S6\n");
        assertTrue(problems(doc, rule, stray).stream().anyMatch(p -> p.startsWith("CandidateCursor names the rules")),
                "a pre-filter that names a rule whose row does not list it");
    }
}
