package dev.tasklane.adapter.jdbi;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.domain.task.Verbatim;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.ExplorerResult;
import dev.tasklane.domain.task.ReviewerResult;
import dev.tasklane.domain.task.ReviewerResult.Consideration;
import dev.tasklane.domain.task.ReviewerResult.CriterionCheck;
import dev.tasklane.domain.task.ReviewerResult.Findings;
import dev.tasklane.domain.task.ReviewerResult.Issue;
import dev.tasklane.domain.task.ReviewerResult.IssueCounts;
import dev.tasklane.domain.task.ReviewerResult.MatrixRow;
import dev.tasklane.domain.task.ReviewerResult.SectionVerdict;
import dev.tasklane.domain.task.ReviewerResult.TestMatrix;
import dev.tasklane.domain.task.WorkflowStep;
import dev.tasklane.application.edge.ResultEnvelope;
import dev.tasklane.domain.validation.SentResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The stored form of a completion's results and workflow steps: each one the JSON object the agent sent
 * (docs/api.md, "Completion validation"). Reading types the documented keys and keeps every other key, and every
 * documented key whose stored value is not of its type, as sent; writing puts them back through
 * {@link ResultDocument} and the {@link dev.tasklane.json.KeptAsSent} mix-ins, so a stored completion reads and writes unchanged
 * ({@code CompletionDocumentsTest}).
 */
final class CompletionDocuments {
    private static final List<String> FINDINGS = List.of(
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

    /** A stored explorer result; null when none was stored, or when what was stored makes neither case. */
    static ExplorerResult explorer(Object value) {
        if (!(value instanceof Map<?, ?> map)) {
            return null;
        }
        Boolean flag = map.get("dispatched") instanceof Boolean stored ? stored : null;
        Doc doc = new Doc(map, ResultEnvelope.keysOf(flag));
        return ResultEnvelope.read(doc, flag, null).explorer(doc.unknown());
    }

    /**
     * A stored review; its findings are read on a dispatched one only, as the rules read them. Null when none was
     * stored, or when what was stored makes neither case.
     */
    static ReviewerResult reviewer(Object value) {
        if (!(value instanceof Map<?, ?> map)) {
            return null;
        }
        Boolean flag = map.get("dispatched") instanceof Boolean stored ? stored : null;
        List<String> documented = new ArrayList<>(ResultEnvelope.keysOf(flag));
        if (Boolean.TRUE.equals(flag)) {
            documented.addAll(FINDINGS);
        }
        Doc doc = new Doc(map, documented);
        Findings findings = Boolean.TRUE.equals(flag) ? new Findings(doc.integer("acceptance_criteria_checked"),
                doc.integer("issues_found"), doc.string("status"), doc.object("issue_counts", CompletionDocuments::counts),
                doc.list("issues", CompletionDocuments::issue), doc.list("acceptance_criteria", CompletionDocuments::criterion),
                doc.object("testing_strategy", m -> verdict(m, false)), doc.object("patterns", m -> verdict(m, false)),
                doc.object("pitfalls", m -> verdict(m, false)), doc.object("security_considerations", m -> verdict(m, true)),
                doc.object("behaviour_test_matrix", CompletionDocuments::matrix), doc.raws("project_checks"),
                doc.string("schema_version")) : null;
        return ResultEnvelope.read(doc, flag, findings).reviewer(doc.unknown());
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
    private static final class Doc implements ResultEnvelope.Fields {
        private final Map<?, ?> map;
        private final Map<String, Verbatim> unknown = new LinkedHashMap<>();

        Doc(Map<?, ?> map, List<String> documented) {
            this.map = map;
            Set<String> named = Set.copyOf(documented);
            map.forEach((key, value) -> {
                if (!named.contains(String.valueOf(key))) {
                    unknown.put(String.valueOf(key), raw(value));
                }
            });
        }

        @Override
        public String string(String key) {
            return map.get(key) instanceof String text ? text : keep(key);
        }

        @Override
        public Boolean bool(String key) {
            return map.get(key) instanceof Boolean value ? value : keep(key);
        }

        @Override
        public Long integer(String key) {
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

        List<Verbatim> raws(String key) {
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

    private static Verbatim raw(Object value) {
        return new Verbatim(value == null ? "null" : JsonText.write(value));
    }

    // ---------------------------------------------------------------- writing

    /** The stored form of the workflow steps: each one a {@link dev.tasklane.json.KeptAsSent} document. */
    static List<WorkflowStep> steps(List<WorkflowStep> steps) {
        return steps;
    }

    static ResultDocument explorer(ExplorerResult result) {
        if (result instanceof ExplorerResult.Dispatched ran) {
            return ResultDocument.envelope(true, ran.summary(), ran.durationMs(), null, ran.unknownKeys());
        }
        if (result instanceof ExplorerResult.Skipped skipped) {
            return ResultDocument.envelope(false, skipped.summary(), null, skipped.reason(), skipped.unknownKeys());
        }
        return null;
    }

    static ResultDocument reviewer(ReviewerResult result) {
        if (result instanceof ReviewerResult.Dispatched ran) {
            Findings f = ran.findings();
            return new ResultDocument(true, ran.summary(), ran.durationMs(), null, f.acceptanceCriteriaChecked(),
                    f.issuesFound(), f.status(), f.issueCounts(), f.issues(), f.acceptanceCriteria(),
                    f.testingStrategy(), f.patterns(), f.pitfalls(), f.securityConsiderations(),
                    f.behaviourTestMatrix(), f.projectChecks(), f.schemaVersion(), ran.unknownKeys());
        }
        if (result instanceof ReviewerResult.Skipped skipped) {
            return ResultDocument.envelope(false, skipped.summary(), null, skipped.reason(), skipped.unknownKeys());
        }
        return null;
    }

    /**
     * The stored form of an explorer or a reviewer result: the envelope, a dispatched review's findings, then every
     * other key as sent. The sections and entries are the domain's records, stored as {@link dev.tasklane.json.KeptAsSent} says.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ResultDocument(Boolean dispatched, String summary, Long durationMs, String reason,
            Long acceptanceCriteriaChecked, Long issuesFound, String status, IssueCounts issueCounts, List<Issue> issues,
            List<CriterionCheck> acceptanceCriteria, SectionVerdict testingStrategy, SectionVerdict patterns,
            SectionVerdict pitfalls, SectionVerdict securityConsiderations, TestMatrix behaviourTestMatrix,
            List<Verbatim> projectChecks, String schemaVersion, @JsonUnwrapped UnknownKeys unknownKeys) {

        static ResultDocument envelope(boolean dispatched, String summary, Long durationMs, String reason,
                UnknownKeys unknownKeys) {
            return new ResultDocument(dispatched, summary, durationMs, reason, null, null, null, null, null, null,
                    null, null, null, null, null, null, null, unknownKeys);
        }
    }
}
