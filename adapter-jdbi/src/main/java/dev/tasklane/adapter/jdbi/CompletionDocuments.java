package dev.tasklane.adapter.jdbi;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.JsonNode;
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
import dev.tasklane.edge.ResultEnvelope;
import dev.tasklane.json.SentObject;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

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

    private static final Set<String> STEP = Set.of("name", "dispatched", "duration_ms", "reason", "reason_code");
    private static final Set<String> COUNTS = Set.of("critical", "important", "minor");
    private static final Set<String> ISSUE = Set.of("severity", "category", "file", "line", "description",
            "suggested_fix");
    private static final Set<String> CRITERION = Set.of("criterion", "status", "evidence");
    private static final Set<String> VERDICT = Set.of("status", "note", "notes");
    private static final Set<String> SECURITY = Set.of("status", "note", "notes", "considerations");
    private static final Set<String> CONSIDERATION = Set.of("consideration", "status", "note", "evidence");
    private static final Set<String> MATRIX = Set.of("status", "note", "notes", "rows");
    private static final Set<String> ROW = Set.of("category", "behaviour", "test_name", "type", "status");
    /** The keys a review names, by its {@code dispatched} flag: a dispatched one's findings besides its envelope. */
    private static final Set<String> DISPATCHED_REVIEW = Set.copyOf(concat(ResultEnvelope.keysOf(true), FINDINGS));
    private static final Set<String> SKIPPED_RESULT = Set.copyOf(ResultEnvelope.keysOf(false));
    private static final Set<String> UNFLAGGED_RESULT = Set.copyOf(ResultEnvelope.keysOf(null));
    private static final Set<String> DISPATCHED_EXPLORER = Set.copyOf(ResultEnvelope.keysOf(true));

    static List<WorkflowStep> steps(JsonNode value) {
        if (value == null || !value.isArray()) {
            return List.of();
        }
        List<WorkflowStep> steps = new ArrayList<>(value.size());
        for (JsonNode item : value) {
            if (item.isObject()) {
                Stored doc = new Stored(item, STEP);
                steps.add(new WorkflowStep(doc.string("name"), Boolean.TRUE.equals(doc.bool("dispatched")),
                        doc.integer("duration_ms"), doc.string("reason"), doc.string("reason_code"), doc.unknownKeys()));
            }
        }
        return steps;
    }

    /** A stored explorer result; null when none was stored, or when what was stored makes neither case. */
    static ExplorerResult explorer(JsonNode value) {
        if (value == null || !value.isObject()) {
            return null;
        }
        Boolean flag = flag(value);
        Stored doc = new Stored(value, flag == null ? UNFLAGGED_RESULT : flag ? DISPATCHED_EXPLORER : SKIPPED_RESULT);
        return ResultEnvelope.read(doc, flag, null).explorer(doc.unknownKeys());
    }

    /**
     * A stored review; its findings are read on a dispatched one only, as the rules read them. Null when none was
     * stored, or when what was stored makes neither case.
     */
    static ReviewerResult reviewer(JsonNode value) {
        if (value == null || !value.isObject()) {
            return null;
        }
        Boolean flag = flag(value);
        Stored doc = new Stored(value, flag == null ? UNFLAGGED_RESULT : flag ? DISPATCHED_REVIEW : SKIPPED_RESULT);
        Findings findings = Boolean.TRUE.equals(flag) ? new Findings(doc.integer("acceptance_criteria_checked"),
                doc.integer("issues_found"), doc.string("status"), doc.object("issue_counts", CompletionDocuments::counts),
                doc.list("issues", CompletionDocuments::issue), doc.list("acceptance_criteria", CompletionDocuments::criterion),
                doc.object("testing_strategy", m -> verdict(m, false)), doc.object("patterns", m -> verdict(m, false)),
                doc.object("pitfalls", m -> verdict(m, false)), doc.object("security_considerations", m -> verdict(m, true)),
                doc.object("behaviour_test_matrix", CompletionDocuments::matrix), doc.raws("project_checks"),
                doc.string("schema_version")) : null;
        return ResultEnvelope.read(doc, flag, findings).reviewer(doc.unknownKeys());
    }

    private static Boolean flag(JsonNode result) {
        JsonNode dispatched = result.get("dispatched");
        return dispatched != null && dispatched.isBoolean() ? dispatched.booleanValue() : null;
    }

    private static IssueCounts counts(JsonNode map) {
        Stored doc = new Stored(map, COUNTS);
        return new IssueCounts(doc.integer("critical"), doc.integer("important"), doc.integer("minor"),
                doc.unknownKeys());
    }

    private static Issue issue(JsonNode map) {
        Stored doc = new Stored(map, ISSUE);
        return new Issue(doc.string("severity"), doc.string("category"), doc.string("file"), doc.integer("line"),
                doc.string("description"), doc.string("suggested_fix"), doc.unknownKeys());
    }

    private static CriterionCheck criterion(JsonNode map) {
        Stored doc = new Stored(map, CRITERION);
        return new CriterionCheck(doc.string("criterion"), doc.string("status"), doc.string("evidence"),
                doc.unknownKeys());
    }

    private static SectionVerdict verdict(JsonNode map, boolean security) {
        Stored doc = new Stored(map, security ? SECURITY : VERDICT);
        return new SectionVerdict(doc.string("status"), doc.string("note"), doc.string("notes"),
                security ? doc.list("considerations", CompletionDocuments::consideration) : null, doc.unknownKeys());
    }

    private static Consideration consideration(JsonNode map) {
        Stored doc = new Stored(map, CONSIDERATION);
        return new Consideration(doc.string("consideration"), doc.string("status"), doc.string("note"),
                doc.string("evidence"), doc.unknownKeys());
    }

    private static TestMatrix matrix(JsonNode map) {
        Stored doc = new Stored(map, MATRIX);
        return new TestMatrix(doc.string("status"), doc.string("note"), doc.string("notes"),
                doc.list("rows", CompletionDocuments::row), doc.unknownKeys());
    }

    private static MatrixRow row(JsonNode map) {
        Stored doc = new Stored(map, ROW);
        return new MatrixRow(doc.string("category"), doc.string("behaviour"), doc.string("test_name"),
                doc.string("type"), doc.string("status"), doc.unknownKeys());
    }

    /**
     * One stored object, read as the HTTP adapter reads a sent one ({@link SentObject}): documented keys typed when
     * they are of their type, everything else kept as stored, each kept value written again as the store writes it.
     */
    private static final class Stored extends SentObject implements ResultEnvelope.Fields {
        Stored(JsonNode object, Set<String> documented) {
            super(TaskDocuments.writer(), object, documented);
        }
    }

    private static List<String> concat(List<String> first, List<String> second) {
        List<String> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
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
