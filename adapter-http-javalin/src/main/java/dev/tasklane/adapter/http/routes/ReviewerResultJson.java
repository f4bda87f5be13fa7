package dev.tasklane.adapter.http.routes;

import dev.tasklane.adapter.http.pipeline.Json;
import dev.tasklane.edge.DocumentKeys;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.adapter.http.wire.completion.CompletionBody;
import dev.tasklane.adapter.http.wire.completion.ExplorerResultRequest;
import dev.tasklane.adapter.http.wire.completion.ReviewerChecks;
import dev.tasklane.adapter.http.wire.completion.ReviewerResultRequest;
import dev.tasklane.adapter.http.wire.completion.SentFields;
import dev.tasklane.domain.task.Verbatim;
import dev.tasklane.domain.task.ExplorerResult;
import dev.tasklane.domain.task.ReviewerResult;
import dev.tasklane.domain.task.ReviewerResult.Findings;
import dev.tasklane.domain.task.ReviewerResult.Consideration;
import dev.tasklane.domain.task.ReviewerResult.CriterionCheck;
import dev.tasklane.domain.task.ReviewerResult.Issue;
import dev.tasklane.domain.task.ReviewerResult.IssueCounts;
import dev.tasklane.domain.task.ReviewerResult.MatrixRow;
import dev.tasklane.domain.task.ReviewerResult.SectionVerdict;
import dev.tasklane.domain.task.ReviewerResult.TestMatrix;
import dev.tasklane.domain.validation.CompletionProblems.ResultProblems;
import dev.tasklane.domain.validation.CompletionRules;
import dev.tasklane.domain.validation.FieldError;
import dev.tasklane.domain.validation.ReviewerContract;
import dev.tasklane.edge.ResultEnvelope;
import dev.tasklane.domain.validation.SentResult;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A reviewer_result on the wire (docs/rules.md, "Completion results"). {@link #read} types it and reports, without
 * refusing, what a dispatched review's structured fields get wrong ({@link ReviewerChecks}), over the bound {@link ReviewerResultRequest}; {@link #write} renders
 * a stored one as sent. On a skipped review only the envelope is read: the rest is kept as sent.
 */
final class ReviewerResultJson {
    private static final List<String> FINDINGS = List.of(
            "acceptance_criteria_checked", "issues_found", "status", "issue_counts", "issues", "acceptance_criteria",
            "testing_strategy", "patterns", "pitfalls", "security_considerations", "behaviour_test_matrix",
            "project_checks", "schema_version");

    private final ObjectMapper mapper;

    ReviewerResultJson(Json json) {
        this.mapper = json.mapper();
    }

    /** The typed explorer result and its problems; a value that is not an object is a problem and no result. */
    Read<ExplorerResult> explorer(JsonNode value) {
        if (!value.isObject()) {
            return new Read<>(null, notAMap());
        }
        ExplorerResultRequest sent = ExplorerResultRequest.of((ObjectNode) value);
        Boolean flag = sent.flag();
        SentFields fields = new SentFields(mapper, sent.sent(), ResultEnvelope.keysOf(flag));
        SentResult envelope = ResultEnvelope.read(fields, flag, null);
        ExplorerResult typed = envelope.explorer(fields.unknownKeys());
        return new Read<>(typed, typed != null ? ResultProblems.NONE
                : new ResultProblems(null, envelope, List.of(), null, List.of()));
    }

    /** The typed reviewer result and its problems; a value that is not an object is a problem and no result. */
    Read<ReviewerResult> read(JsonNode value) {
        if (!value.isObject()) {
            return new Read<>(null, notAMap());
        }
        ReviewerResultRequest sent = ReviewerResultRequest.of((ObjectNode) value);
        Boolean flag = sent.flag();
        boolean dispatched = Boolean.TRUE.equals(flag);
        List<String> documented = new ArrayList<>(ResultEnvelope.keysOf(flag));
        if (dispatched) {
            documented.addAll(FINDINGS);
        }
        SentFields fields = new SentFields(mapper, sent.sent(), documented);
        Findings findings = dispatched ? findings(fields) : null;
        SentResult envelope = ResultEnvelope.read(fields, flag, findings);
        ReviewerResult typed = envelope.reviewer(fields.unknownKeys());
        if (!dispatched) {
            return new Read<>(typed, typed != null ? ResultProblems.NONE
                    : new ResultProblems(null, envelope, List.of(), null, List.of()));
        }
        JsonNode checks = sent.projectChecks();
        FieldError projectChecks = CompletionBody.sent(checks) && !checks.isArray()
                ? new FieldError("project_checks", "must be a list on a dispatched review: one entry per project "
                        + "checklist bullet, or an empty list when the project has no CODE-REVIEW.md")
                : null;
        return new Read<>(typed, new ResultProblems(null, typed == null ? envelope : null, ReviewerChecks.problems(sent),
                projectChecks, failedNotes(sent)));
    }

    /** A result as read: the typed one (null when it could not be typed) and what the rules must hear about it. */
    record Read<T>(T result, ResultProblems problems) {
    }

    private static ResultProblems notAMap() {
        return new ResultProblems(new FieldError("result", "must be a map"), null, List.of(), null, List.of());
    }

    private Findings findings(SentFields sent) {
        JsonNode counts = sent.get("issue_counts");
        JsonNode matrix = sent.get("behaviour_test_matrix");
        JsonNode checks = sent.get("project_checks");
        return new Findings(sent.integer("acceptance_criteria_checked"), sent.integer("issues_found"),
                sent.string("status"),
                counts != null && counts.isObject() ? issueCounts(counts) : sent.keep("issue_counts"),
                list(sent, "issues", this::issue), list(sent, "acceptance_criteria", this::criterion),
                verdict(sent, "testing_strategy", false), verdict(sent, "patterns", false),
                verdict(sent, "pitfalls", false), verdict(sent, "security_considerations", true),
                matrix != null && matrix.isObject() ? matrix(matrix) : sent.keep("behaviour_test_matrix"),
                checks != null && checks.isArray() ? rawEntries(sent, checks) : sent.keep("project_checks"),
                sent.string("schema_version"));
    }

    private static List<Verbatim> rawEntries(SentFields sent, JsonNode list) {
        List<Verbatim> out = new ArrayList<>(list.size());
        list.forEach(entry -> out.add(sent.raw(entry)));
        return out;
    }

    /**
     * The note of a failed section that is missing or not a string; a string note is the domain's to judge. The
     * note is {@code note} when that key is sent, else {@code notes}.
     */
    private static List<FieldError> failedNotes(ReviewerResultRequest review) {
        List<FieldError> out = new ArrayList<>();
        for (String section : DocumentKeys.NOTE_SECTIONS) {
            JsonNode verdict = review.section(section);
            if (verdict != null && verdict.isObject()
                    && "failed".equals(CompletionBody.text(SentFields.at(verdict, "status")))) {
                JsonNode note = SentFields.at(verdict, verdict.has("note") ? "note" : "notes");
                if (note == null) {
                    out.add(ReviewerContract.missingFailedNote(section));
                } else if (!note.isTextual()) {
                    out.add(new FieldError(section, section + ".note must be a string"));
                }
            }
        }
        return out;
    }

    /** A list of entries; an entry that is not an object is an empty one, so that the count stays the one sent. */
    private static <T> List<T> list(SentFields sent, String key, Function<JsonNode, T> entry) {
        JsonNode value = sent.get(key);
        if (value == null || !value.isArray()) {
            return sent.keep(key);
        }
        List<T> out = new ArrayList<>(value.size());
        value.forEach(item -> out.add(entry.apply(item)));
        return out;
    }

    private Issue issue(JsonNode map) {
        SentFields sent = new SentFields(mapper, map, List.of("severity", "category", "file", "line", "description",
                "suggested_fix"));
        return new Issue(sent.string("severity"), sent.string("category"), sent.string("file"), sent.integer("line"),
                sent.string("description"), sent.string("suggested_fix"), sent.unknownKeys());
    }

    private CriterionCheck criterion(JsonNode map) {
        SentFields sent = new SentFields(mapper, map, List.of("criterion", "status", "evidence"));
        return new CriterionCheck(sent.string("criterion"), sent.string("status"), sent.string("evidence"),
                sent.unknownKeys());
    }

    private SectionVerdict verdict(SentFields review, String key, boolean security) {
        JsonNode value = review.get(key);
        if (value == null) {
            return review.keep(key);
        }
        // a section that is not an object is an empty verdict: the review is refused (ReviewerChecks), but the
        // rules still see that the section was sent
        SentFields sent = new SentFields(mapper, value, security ? List.of("status", "note", "notes", "considerations")
                : List.of("status", "note", "notes"));
        List<Consideration> considerations = security ? list(sent, "considerations", this::consideration) : null;
        return new SectionVerdict(sent.string("status"), sent.string("note"), sent.string("notes"), considerations,
                sent.unknownKeys());
    }

    private Consideration consideration(JsonNode map) {
        SentFields sent = new SentFields(mapper, map, List.of("consideration", "status", "note", "evidence"));
        return new Consideration(sent.string("consideration"), sent.string("status"), sent.string("note"),
                sent.string("evidence"), sent.unknownKeys());
    }

    private TestMatrix matrix(JsonNode map) {
        SentFields sent = new SentFields(mapper, map, List.of("status", "note", "notes", "rows"));
        return new TestMatrix(sent.string("status"), sent.string("note"), sent.string("notes"),
                list(sent, "rows", this::row), sent.unknownKeys());
    }

    private MatrixRow row(JsonNode map) {
        SentFields sent = new SentFields(mapper, map, List.of("category", "behaviour", "test_name", "type", "status"));
        return new MatrixRow(sent.string("category"), sent.string("behaviour"), sent.string("test_name"),
                sent.string("type"), sent.string("status"), sent.unknownKeys());
    }

    private IssueCounts issueCounts(JsonNode map) {
        SentFields sent = new SentFields(mapper, map, CompletionRules.SEVERITIES);
        return new IssueCounts(sent.integer("critical"), sent.integer("important"), sent.integer("minor"),
                sent.unknownKeys());
    }
}
