package dev.tasklane.adapter.http.wire.completion;

import dev.tasklane.edge.DocumentKeys;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tasklane.domain.validation.CompletionRules;
import dev.tasklane.domain.validation.FieldError;
import dev.tasklane.domain.validation.TaskFieldRules;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static dev.tasklane.adapter.http.wire.completion.SentFields.at;
import static dev.tasklane.adapter.http.wire.completion.SentFields.isInteger;
import static dev.tasklane.adapter.http.wire.completion.SentFields.isNonNegativeInteger;
import static dev.tasklane.adapter.http.wire.completion.SentFields.oneOf;

/**
 * The ordered shape check of a dispatched {@link ReviewerResultRequest} (docs/rules.md, "Completion results"):
 * every problem is reported, in Stride's order (the counters, status, issues, criteria, the verdict sections, the
 * considerations, the matrix, the issue counts, the schema version), and nothing is refused here. The domain reports
 * these with the review's consistency with the task, and in the changeset layer (docs/rules.md, "Completion: which
 * error comes first"). Bean Validation cannot keep this order (a {@code Validator}'s violations are a set), so the
 * checks stay this list of steps.
 */
public final class ReviewerChecks {
    private static final Pattern SEMVER = Pattern.compile(CompletionRules.SCHEMA_VERSION_PATTERN);

    private ReviewerChecks() {
    }

    public static List<FieldError> problems(ReviewerResultRequest review) {
        List<FieldError> out = new ArrayList<>();
        if (!isNonNegativeInteger(review.acceptanceCriteriaChecked())) {
            out.add(new FieldError("acceptance_criteria_checked", CompletionRules.NON_NEGATIVE));
        }
        if (!isNonNegativeInteger(review.issuesFound())) {
            out.add(new FieldError("issues_found", CompletionRules.NON_NEGATIVE));
        }
        if (CompletionBody.sent(review.status()) && !review.status().isTextual()) {
            out.add(new FieldError("status", "must be a string"));
        }
        issues(nullable(review.issues()), out);
        criteria(nullable(review.acceptanceCriteria()), out);
        for (String section : DocumentKeys.VERDICT_SECTIONS) {
            JsonNode verdict = nullable(review.section(section));
            if (verdict != null) {
                verdict(section, verdict, out);
            }
        }
        JsonNode security = review.securityConsiderations();
        if (security != null && security.isObject()) {
            considerations(at(security, "considerations"), out);
        }
        matrix(nullable(review.behaviourTestMatrix()), out);
        issueCounts(nullable(review.issueCounts()), out);
        JsonNode version = review.schemaVersion();
        if (version != null && !version.isTextual()) {
            out.add(new FieldError("schema_version", "must be a semver-shaped string"));
        } else if (version != null && !SEMVER.matcher(version.textValue()).matches()) {
            out.add(new FieldError("schema_version", "must be a semver-shaped string (e.g., \"1.0\", \"1.2.3\")"));
        }
        return out;
    }

    private static JsonNode nullable(JsonNode value) {
        return value == null || value.isNull() ? null : value;
    }

    private static void issues(JsonNode value, List<FieldError> out) {
        if (value == null) {
            return;
        }
        if (!value.isArray()) {
            out.add(new FieldError("issues", "must be a list"));
            return;
        }
        for (int i = 0; i < value.size(); i++) {
            String at = "issues[" + i + "]";
            JsonNode issue = value.get(i);
            if (!issue.isObject()) {
                out.add(new FieldError("issue_entry", at + " must be a map"));
                continue;
            }
            enumMember(at(issue, "severity"), CompletionRules.SEVERITIES, "issue_severity", at, "severity", out);
            enumMember(at(issue, "category"), CompletionRules.CATEGORIES, "issue_category", at, "category", out);
            JsonNode line = at(issue, "line");
            if (line != null && !isInteger(line)) {
                out.add(new FieldError("issue_field", at + ".line must be an integer"));
            }
            optionalStrings(issue, List.of("file", "description", "suggested_fix"), "issue_field", at, out);
        }
    }

    private static void criteria(JsonNode value, List<FieldError> out) {
        if (value == null) {
            return;
        }
        if (!value.isArray()) {
            out.add(new FieldError("acceptance_criteria", "must be a list"));
            return;
        }
        for (int i = 0; i < value.size(); i++) {
            String at = "acceptance_criteria[" + i + "]";
            JsonNode entry = value.get(i);
            if (!entry.isObject()) {
                out.add(new FieldError("criterion_entry", at + " must be a map"));
                continue;
            }
            enumMember(at(entry, "status"), CompletionRules.CRITERION_STATUSES, "criterion_status", at, "status", out);
            optionalStrings(entry, List.of("criterion", "evidence"), "criterion_field", at, out);
        }
    }

    private static void enumMember(JsonNode value, List<String> allowed, String field, String at, String key,
            List<FieldError> out) {
        if (value == null) {
            out.add(new FieldError(field, at + " is missing " + key));
        } else if (!oneOf(value, allowed)) {
            out.add(new FieldError(field, at + " " + key + " must be one of: " + String.join(", ", allowed)));
        }
    }

    private static void optionalStrings(JsonNode entry, List<String> keys, String field, String at,
            List<FieldError> out) {
        for (String key : keys) {
            JsonNode value = at(entry, key);
            if (value != null && !value.isTextual()) {
                out.add(new FieldError(field, at + "." + key + " must be a string"));
            }
        }
    }

    private static void verdict(String section, JsonNode verdict, List<FieldError> out) {
        if (!verdict.isObject()) {
            out.add(new FieldError(section + "_entry", section + " must be a map"));
            return;
        }
        JsonNode status = at(verdict, "status");
        if (status == null) {
            out.add(new FieldError(section + "_status", section + " is missing status"));
        } else if (!oneOf(status, CompletionRules.VERDICT_STATUSES)) {
            out.add(new FieldError(section + "_status",
                    section + " status must be one of: " + String.join(", ", CompletionRules.VERDICT_STATUSES)));
        }
        for (String key : List.of("note", "notes")) {
            JsonNode note = at(verdict, key);
            if (note != null && !note.isTextual()) {
                out.add(new FieldError(key, section + "." + key + " must be a string"));
            }
        }
    }

    private static void considerations(JsonNode value, List<FieldError> out) {
        if (value == null) {
            return;
        }
        if (!value.isArray()) {
            out.add(new FieldError("considerations", "security_considerations.considerations must be a list"));
            return;
        }
        for (int i = 0; i < value.size(); i++) {
            String at = "considerations[" + i + "]";
            JsonNode entry = value.get(i);
            if (!entry.isObject()) {
                out.add(new FieldError("consideration_entry", at + " must be a map"));
                continue;
            }
            if (!nonBlankText(at(entry, "consideration"))) {
                out.add(new FieldError("consideration_text", at + " must have a non-empty string \"consideration\""));
            }
            if (!oneOf(at(entry, "status"), CompletionRules.CONSIDERATION_STATUSES)) {
                out.add(new FieldError("consideration_status",
                        at + " status must be one of: " + String.join(", ", CompletionRules.CONSIDERATION_STATUSES)));
            }
            optionalStrings(entry, List.of("note", "evidence"), "consideration_field", at, out);
        }
    }

    private static void matrix(JsonNode matrix, List<FieldError> out) {
        if (matrix == null) {
            return;
        }
        if (!matrix.isObject()) {
            out.add(new FieldError("behaviour_test_matrix_entry", "behaviour_test_matrix must be a map"));
            return;
        }
        JsonNode status = at(matrix, "status");
        if (status != null && !oneOf(status, CompletionRules.VERDICT_STATUSES)) {
            out.add(new FieldError("behaviour_test_matrix_status",
                    "behaviour_test_matrix status must be one of: " + String.join(", ", CompletionRules.VERDICT_STATUSES)));
        }
        JsonNode rows = at(matrix, "rows");
        if (rows == null) {
            return;
        }
        if (!rows.isArray()) {
            out.add(new FieldError("behaviour_test_matrix_rows", "behaviour_test_matrix.rows must be a list"));
            return;
        }
        for (int i = 0; i < rows.size(); i++) {
            String at = "behaviour_test_matrix.rows[" + i + "]";
            JsonNode row = rows.get(i);
            if (!row.isObject()) {
                out.add(new FieldError("behaviour_test_row_entry", at + " must be a map"));
                continue;
            }
            for (String key : List.of("category", "behaviour")) {
                if (!nonBlankText(at(row, key))) {
                    out.add(new FieldError("behaviour_test_row_field", at + " must have a non-empty string \"" + key + "\""));
                }
            }
            for (String key : List.of("test_name", "type")) {
                JsonNode value = at(row, key);
                if (value != null && !value.isTextual()) {
                    out.add(new FieldError("behaviour_test_row_field", at + " \"" + key + "\" must be a string when supplied"));
                }
            }
            JsonNode rowStatus = at(row, "status");
            if (rowStatus != null && !oneOf(rowStatus, TaskFieldRules.MATRIX_STATUSES)) {
                out.add(new FieldError("behaviour_test_row_status",
                        at + " status must be one of: " + String.join(", ", TaskFieldRules.MATRIX_STATUSES)));
            }
        }
    }

    private static void issueCounts(JsonNode counts, List<FieldError> out) {
        if (counts == null) {
            return;
        }
        if (!counts.isObject()) {
            out.add(new FieldError("issue_counts", "issue_counts must be a map"));
            return;
        }
        for (String severity : CompletionRules.SEVERITIES) {
            JsonNode count = at(counts, severity);
            if (count != null && !isNonNegativeInteger(count)) {
                out.add(new FieldError("issue_counts", "issue_counts." + severity + " " + CompletionRules.NON_NEGATIVE));
            }
        }
    }

    private static boolean nonBlankText(JsonNode value) {
        return value != null && value.isTextual() && !value.textValue().isBlank();
    }
}
