package dev.tasklane.adapter.http;

import dev.tasklane.domain.validation.CompletionRules;
import dev.tasklane.domain.validation.FieldError;
import dev.tasklane.domain.validation.TaskFieldRules;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The shape of a dispatched reviewer_result's structured fields as decoded JSON (docs/rules.md, "Completion
 * results"): every problem is reported, in the order the fields are read, and nothing is refused here. The domain
 * reports these with the review's consistency with the task, and in the changeset layer (docs/rules.md, "Completion:
 * which error comes first").
 */
final class OracleReviewerShape {
    private static final Pattern SEMVER = Pattern.compile(CompletionRules.SCHEMA_VERSION_PATTERN);

    private OracleReviewerShape() {
    }

    static List<FieldError> problems(Map<?, ?> review) {
        List<FieldError> out = new ArrayList<>();
        for (String counter : List.of("acceptance_criteria_checked", "issues_found")) {
            if (!isNonNegativeInteger(review.get(counter))) {
                out.add(new FieldError(counter, CompletionRules.NON_NEGATIVE));
            }
        }
        if (review.get("status") != null && !(review.get("status") instanceof String)) {
            out.add(new FieldError("status", "must be a string"));
        }
        issues(review.get("issues"), out);
        criteria(review.get("acceptance_criteria"), out);
        for (String section : CompletionRules.VERDICT_SECTIONS) {
            if (review.get(section) != null) {
                verdict(section, review.get(section), out);
            }
        }
        if (review.get("security_considerations") instanceof Map<?, ?> security) {
            considerations(security.get("considerations"), out);
        }
        matrix(review.get("behaviour_test_matrix"), out);
        issueCounts(review.get("issue_counts"), out);
        Object version = review.get("schema_version");
        if (review.containsKey("schema_version") && !(version instanceof String)) {
            out.add(new FieldError("schema_version", "must be a semver-shaped string"));
        } else if (version instanceof String text && !SEMVER.matcher(text).matches()) {
            out.add(new FieldError("schema_version", "must be a semver-shaped string (e.g., \"1.0\", \"1.2.3\")"));
        }
        return out;
    }

    private static void issues(Object value, List<FieldError> out) {
        if (value == null) {
            return;
        }
        if (!(value instanceof List<?> list)) {
            out.add(new FieldError("issues", "must be a list"));
            return;
        }
        for (int i = 0; i < list.size(); i++) {
            String at = "issues[" + i + "]";
            if (!(list.get(i) instanceof Map<?, ?> issue)) {
                out.add(new FieldError("issue_entry", at + " must be a map"));
                continue;
            }
            enumMember(issue.get("severity"), CompletionRules.SEVERITIES, "issue_severity", at, "severity", out);
            enumMember(issue.get("category"), CompletionRules.CATEGORIES, "issue_category", at, "category", out);
            if (issue.get("line") != null && !HookResultJson.isInteger(issue.get("line"))) {
                out.add(new FieldError("issue_field", at + ".line must be an integer"));
            }
            optionalStrings(issue, List.of("file", "description", "suggested_fix"), "issue_field", at, out);
        }
    }

    private static void criteria(Object value, List<FieldError> out) {
        if (value == null) {
            return;
        }
        if (!(value instanceof List<?> list)) {
            out.add(new FieldError("acceptance_criteria", "must be a list"));
            return;
        }
        for (int i = 0; i < list.size(); i++) {
            String at = "acceptance_criteria[" + i + "]";
            if (!(list.get(i) instanceof Map<?, ?> entry)) {
                out.add(new FieldError("criterion_entry", at + " must be a map"));
                continue;
            }
            enumMember(entry.get("status"), CompletionRules.CRITERION_STATUSES, "criterion_status", at, "status", out);
            optionalStrings(entry, List.of("criterion", "evidence"), "criterion_field", at, out);
        }
    }

    private static void enumMember(Object value, List<String> allowed, String field, String at, String key,
            List<FieldError> out) {
        if (value == null) {
            out.add(new FieldError(field, at + " is missing " + key));
        } else if (!oneOf(value, allowed)) {
            out.add(new FieldError(field, at + " " + key + " must be one of: " + String.join(", ", allowed)));
        }
    }

    private static void optionalStrings(Map<?, ?> entry, List<String> keys, String field, String at,
            List<FieldError> out) {
        for (String key : keys) {
            if (entry.get(key) != null && !(entry.get(key) instanceof String)) {
                out.add(new FieldError(field, at + "." + key + " must be a string"));
            }
        }
    }

    private static void verdict(String section, Object value, List<FieldError> out) {
        if (!(value instanceof Map<?, ?> verdict)) {
            out.add(new FieldError(section + "_entry", section + " must be a map"));
            return;
        }
        Object status = verdict.get("status");
        if (status == null) {
            out.add(new FieldError(section + "_status", section + " is missing status"));
        } else if (!oneOf(status, CompletionRules.VERDICT_STATUSES)) {
            out.add(new FieldError(section + "_status",
                    section + " status must be one of: " + String.join(", ", CompletionRules.VERDICT_STATUSES)));
        }
        for (String key : List.of("note", "notes")) {
            if (verdict.get(key) != null && !(verdict.get(key) instanceof String)) {
                out.add(new FieldError(key, section + "." + key + " must be a string"));
            }
        }
    }

    private static void considerations(Object value, List<FieldError> out) {
        if (value == null) {
            return;
        }
        if (!(value instanceof List<?> list)) {
            out.add(new FieldError("considerations", "security_considerations.considerations must be a list"));
            return;
        }
        for (int i = 0; i < list.size(); i++) {
            String at = "considerations[" + i + "]";
            if (!(list.get(i) instanceof Map<?, ?> entry)) {
                out.add(new FieldError("consideration_entry", at + " must be a map"));
                continue;
            }
            if (!(entry.get("consideration") instanceof String text) || text.isBlank()) {
                out.add(new FieldError("consideration_text", at + " must have a non-empty string \"consideration\""));
            }
            if (!oneOf(entry.get("status"), CompletionRules.CONSIDERATION_STATUSES)) {
                out.add(new FieldError("consideration_status",
                        at + " status must be one of: " + String.join(", ", CompletionRules.CONSIDERATION_STATUSES)));
            }
            optionalStrings(entry, List.of("note", "evidence"), "consideration_field", at, out);
        }
    }

    private static void matrix(Object value, List<FieldError> out) {
        if (value == null) {
            return;
        }
        if (!(value instanceof Map<?, ?> matrix)) {
            out.add(new FieldError("behaviour_test_matrix_entry", "behaviour_test_matrix must be a map"));
            return;
        }
        if (matrix.get("status") != null && !oneOf(matrix.get("status"), CompletionRules.VERDICT_STATUSES)) {
            out.add(new FieldError("behaviour_test_matrix_status",
                    "behaviour_test_matrix status must be one of: " + String.join(", ", CompletionRules.VERDICT_STATUSES)));
        }
        Object rows = matrix.get("rows");
        if (rows == null) {
            return;
        }
        if (!(rows instanceof List<?> list)) {
            out.add(new FieldError("behaviour_test_matrix_rows", "behaviour_test_matrix.rows must be a list"));
            return;
        }
        for (int i = 0; i < list.size(); i++) {
            String at = "behaviour_test_matrix.rows[" + i + "]";
            if (!(list.get(i) instanceof Map<?, ?> row)) {
                out.add(new FieldError("behaviour_test_row_entry", at + " must be a map"));
                continue;
            }
            for (String key : List.of("category", "behaviour")) {
                if (!(row.get(key) instanceof String text) || text.isBlank()) {
                    out.add(new FieldError("behaviour_test_row_field", at + " must have a non-empty string \"" + key + "\""));
                }
            }
            for (String key : List.of("test_name", "type")) {
                if (row.get(key) != null && !(row.get(key) instanceof String)) {
                    out.add(new FieldError("behaviour_test_row_field", at + " \"" + key + "\" must be a string when supplied"));
                }
            }
            if (row.get("status") != null && !oneOf(row.get("status"), TaskFieldRules.MATRIX_STATUSES)) {
                out.add(new FieldError("behaviour_test_row_status",
                        at + " status must be one of: " + String.join(", ", TaskFieldRules.MATRIX_STATUSES)));
            }
        }
    }

    private static void issueCounts(Object value, List<FieldError> out) {
        if (value == null) {
            return;
        }
        if (!(value instanceof Map<?, ?> counts)) {
            out.add(new FieldError("issue_counts", "issue_counts must be a map"));
            return;
        }
        for (String severity : CompletionRules.SEVERITIES) {
            if (counts.get(severity) != null && !isNonNegativeInteger(counts.get(severity))) {
                out.add(new FieldError("issue_counts", "issue_counts." + severity + " " + CompletionRules.NON_NEGATIVE));
            }
        }
    }

    static boolean isNonNegativeInteger(Object value) {
        return HookResultJson.isInteger(value) && ((Number) value).longValue() >= 0;
    }

    /** Whether a decoded value is one of the allowed strings (never throws on null or another type). */
    static boolean oneOf(Object value, Collection<String> allowed) {
        return value instanceof String text && allowed.contains(text);
    }
}
