package dev.tasklane.adapter.jdbi;

import com.fasterxml.jackson.databind.util.RawValue;
import dev.tasklane.domain.json.RawJson;
import dev.tasklane.domain.json.UnknownKeys;
import dev.tasklane.domain.task.ExplorerResult;
import dev.tasklane.domain.task.ReviewerResult;
import dev.tasklane.domain.task.ReviewerResult.Consideration;
import dev.tasklane.domain.task.ReviewerResult.CriterionCheck;
import dev.tasklane.domain.task.ReviewerResult.Issue;
import dev.tasklane.domain.task.ReviewerResult.IssueCounts;
import dev.tasklane.domain.task.ReviewerResult.MatrixRow;
import dev.tasklane.domain.task.ReviewerResult.SectionVerdict;
import dev.tasklane.domain.task.ReviewerResult.TestMatrix;
import dev.tasklane.domain.task.WorkflowStep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The stored form of a completion's results and workflow steps: each one the JSON object the agent sent
 * (docs/api.md, "Completion validation"). Reading types the documented keys and keeps every other key, and every
 * documented key whose stored value is not of its type, as sent; writing puts them back, so a stored completion
 * reads and writes unchanged ({@code CompletionDocumentsTest}).
 */
final class CompletionDocuments {
    private static final List<String> ENVELOPE = List.of("dispatched", "summary", "duration_ms", "reason");
    private static final List<String> REVIEW = List.of("dispatched", "summary", "duration_ms", "reason",
            "acceptance_criteria_checked", "issues_found", "status", "issue_counts", "issues", "acceptance_criteria",
            "testing_strategy", "patterns", "pitfalls", "security_considerations", "behaviour_test_matrix",
            "project_checks", "schema_version");

    private CompletionDocuments() {
    }

    // ---------------------------------------------------------------- reading

    static List<WorkflowStep> steps(Object value) {
        if (!(value instanceof List<?> list)) {
            return List.of();
        }
        List<WorkflowStep> steps = new ArrayList<>(list.size());
        for (Object item : list) {
            if (item instanceof Map<?, ?> map) {
                Doc doc = new Doc(map, List.of("name", "dispatched", "duration_ms", "reason", "reason_code"));
                steps.add(new WorkflowStep(doc.string("name"), Boolean.TRUE.equals(doc.bool("dispatched")),
                        doc.integer("duration_ms"), doc.string("reason"), doc.string("reason_code"), doc.unknown()));
            }
        }
        return steps;
    }

    static ExplorerResult explorer(Object value) {
        if (!(value instanceof Map<?, ?> map)) {
            return null;
        }
        Doc doc = new Doc(map, ENVELOPE);
        return new ExplorerResult(doc.bool("dispatched"), doc.string("summary"), doc.integer("duration_ms"),
                doc.string("reason"), doc.unknown());
    }

    /** A stored review; its structured fields are read on a dispatched one only, as the rules read them. */
    static ReviewerResult reviewer(Object value) {
        if (!(value instanceof Map<?, ?> map)) {
            return null;
        }
        boolean dispatched = Boolean.TRUE.equals(map.get("dispatched"));
        Doc doc = new Doc(map, dispatched ? REVIEW : ENVELOPE);
        Boolean flag = doc.bool("dispatched");
        String summary = doc.string("summary");
        Long duration = doc.integer("duration_ms");
        String reason = doc.string("reason");
        if (!dispatched) {
            return new ReviewerResult(flag, summary, duration, reason, null, null, null, null, null, null, null, null,
                    null, null, null, null, null, doc.unknown());
        }
        return new ReviewerResult(flag, summary, duration, reason, doc.integer("acceptance_criteria_checked"),
                doc.integer("issues_found"), doc.string("status"), doc.object("issue_counts", CompletionDocuments::counts),
                doc.list("issues", CompletionDocuments::issue), doc.list("acceptance_criteria", CompletionDocuments::criterion),
                doc.object("testing_strategy", m -> verdict(m, false)), doc.object("patterns", m -> verdict(m, false)),
                doc.object("pitfalls", m -> verdict(m, false)), doc.object("security_considerations", m -> verdict(m, true)),
                doc.object("behaviour_test_matrix", CompletionDocuments::matrix), doc.raws("project_checks"),
                doc.string("schema_version"), doc.unknown());
    }

    private static IssueCounts counts(Map<?, ?> map) {
        Doc doc = new Doc(map, List.of("critical", "important", "minor"));
        return new IssueCounts(doc.integer("critical"), doc.integer("important"), doc.integer("minor"), doc.unknown());
    }

    private static Issue issue(Map<?, ?> map) {
        Doc doc = new Doc(map, List.of("severity", "category", "file", "line", "description", "suggested_fix"));
        return new Issue(doc.string("severity"), doc.string("category"), doc.string("file"), doc.integer("line"),
                doc.string("description"), doc.string("suggested_fix"), doc.unknown());
    }

    private static CriterionCheck criterion(Map<?, ?> map) {
        Doc doc = new Doc(map, List.of("criterion", "status", "evidence"));
        return new CriterionCheck(doc.string("criterion"), doc.string("status"), doc.string("evidence"), doc.unknown());
    }

    private static SectionVerdict verdict(Map<?, ?> map, boolean security) {
        Doc doc = new Doc(map, security ? List.of("status", "note", "notes", "considerations")
                : List.of("status", "note", "notes"));
        return new SectionVerdict(doc.string("status"), doc.string("note"), doc.string("notes"),
                security ? doc.list("considerations", CompletionDocuments::consideration) : null, doc.unknown());
    }

    private static Consideration consideration(Map<?, ?> map) {
        Doc doc = new Doc(map, List.of("consideration", "status", "note", "evidence"));
        return new Consideration(doc.string("consideration"), doc.string("status"), doc.string("note"),
                doc.string("evidence"), doc.unknown());
    }

    private static TestMatrix matrix(Map<?, ?> map) {
        Doc doc = new Doc(map, List.of("status", "note", "notes", "rows"));
        return new TestMatrix(doc.string("status"), doc.string("note"), doc.string("notes"),
                doc.list("rows", CompletionDocuments::row), doc.unknown());
    }

    private static MatrixRow row(Map<?, ?> map) {
        Doc doc = new Doc(map, List.of("category", "behaviour", "test_name", "type", "status"));
        return new MatrixRow(doc.string("category"), doc.string("behaviour"), doc.string("test_name"),
                doc.string("type"), doc.string("status"), doc.unknown());
    }

    /** One stored object: documented keys typed when they are of their type, everything else kept as stored. */
    private static final class Doc {
        private final Map<?, ?> map;
        private final Map<String, RawJson> unknown = new LinkedHashMap<>();

        Doc(Map<?, ?> map, List<String> documented) {
            this.map = map;
            Set<String> named = Set.copyOf(documented);
            map.forEach((key, value) -> {
                if (!named.contains(String.valueOf(key))) {
                    unknown.put(String.valueOf(key), raw(value));
                }
            });
        }

        String string(String key) {
            return map.get(key) instanceof String text ? text : keep(key);
        }

        Boolean bool(String key) {
            return map.get(key) instanceof Boolean value ? value : keep(key);
        }

        Long integer(String key) {
            Object value = map.get(key);
            return value instanceof Long || value instanceof Integer || value instanceof Short
                    ? Long.valueOf(((Number) value).longValue()) : keep(key);
        }

        <T> T object(String key, Function<Map<?, ?>, T> reader) {
            return map.get(key) instanceof Map<?, ?> object ? reader.apply(object) : keep(key);
        }

        /** A list of objects; a list with an entry that is not an object is kept as stored. */
        <T> List<T> list(String key, Function<Map<?, ?>, T> reader) {
            if (!(map.get(key) instanceof List<?> list) || !list.stream().allMatch(Map.class::isInstance)) {
                return keep(key);
            }
            return list.stream().map(item -> reader.apply((Map<?, ?>) item)).toList();
        }

        List<RawJson> raws(String key) {
            return map.get(key) instanceof List<?> list ? list.stream().map(CompletionDocuments::raw).toList() : keep(key);
        }

        <T> T keep(String key) {
            if (map.containsKey(key)) {
                unknown.put(key, raw(map.get(key)));
            }
            return null;
        }

        UnknownKeys unknown() {
            return new UnknownKeys(unknown);
        }
    }

    private static RawJson raw(Object value) {
        return value == null ? RawJson.NULL : new RawJson(JsonText.write(value));
    }

    // ---------------------------------------------------------------- writing

    static List<Map<String, Object>> steps(List<WorkflowStep> steps) {
        return steps.stream().map(step -> write(step.unknownKeys(), "name", step.name(), "dispatched",
                step.dispatched(), "duration_ms", step.durationMs(), "reason", step.reason(),
                "reason_code", step.reasonCode())).toList();
    }

    static Map<String, Object> explorer(ExplorerResult result) {
        return result == null ? null : write(result.unknownKeys(), "dispatched", result.dispatched(),
                "summary", result.summary(), "duration_ms", result.durationMs(), "reason", result.reason());
    }

    static Map<String, Object> reviewer(ReviewerResult r) {
        if (r == null) {
            return null;
        }
        return write(r.unknownKeys(), "dispatched", r.dispatched(), "summary", r.summary(),
                "duration_ms", r.durationMs(), "reason", r.reason(),
                "acceptance_criteria_checked", r.acceptanceCriteriaChecked(), "issues_found", r.issuesFound(),
                "status", r.status(),
                "issue_counts", r.issueCounts() == null ? null : write(r.issueCounts().unknownKeys(),
                        "critical", r.issueCounts().critical(), "important", r.issueCounts().important(),
                        "minor", r.issueCounts().minor()),
                "issues", each(r.issues(), i -> write(i.unknownKeys(), "severity", i.severity(), "category",
                        i.category(), "file", i.file(), "line", i.line(), "description", i.description(),
                        "suggested_fix", i.suggestedFix())),
                "acceptance_criteria", each(r.acceptanceCriteria(), c -> write(c.unknownKeys(), "criterion",
                        c.criterion(), "status", c.status(), "evidence", c.evidence())),
                "testing_strategy", verdict(r.testingStrategy()), "patterns", verdict(r.patterns()),
                "pitfalls", verdict(r.pitfalls()), "security_considerations", verdict(r.securityConsiderations()),
                "behaviour_test_matrix", r.behaviourTestMatrix() == null ? null : write(
                        r.behaviourTestMatrix().unknownKeys(), "status", r.behaviourTestMatrix().status(),
                        "note", r.behaviourTestMatrix().note(), "notes", r.behaviourTestMatrix().notes(),
                        "rows", each(r.behaviourTestMatrix().rows(), row -> write(row.unknownKeys(), "category",
                                row.category(), "behaviour", row.behaviour(), "test_name", row.testName(),
                                "type", row.type(), "status", row.status()))),
                "project_checks", r.projectChecks() == null ? null
                        : r.projectChecks().stream().map(raw -> (Object) new RawValue(raw.text())).toList(),
                "schema_version", r.schemaVersion());
    }

    private static Map<String, Object> verdict(SectionVerdict v) {
        return v == null ? null : write(v.unknownKeys(), "status", v.status(), "note", v.note(), "notes", v.notes(),
                "considerations", each(v.considerations(), c -> write(c.unknownKeys(), "consideration",
                        c.consideration(), "status", c.status(), "note", c.note(), "evidence", c.evidence())));
    }

    private static <T> List<Map<String, Object>> each(List<T> list, Function<T, Map<String, Object>> writer) {
        return list == null ? null : list.stream().map(writer).toList();
    }

    private static Map<String, Object> write(UnknownKeys unknownKeys, Object... keysAndValues) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            if (keysAndValues[i + 1] != null) {
                out.put((String) keysAndValues[i], keysAndValues[i + 1]);
            }
        }
        unknownKeys.values().forEach((key, raw) -> out.put(key, new RawValue(raw.text())));
        return out;
    }
}
