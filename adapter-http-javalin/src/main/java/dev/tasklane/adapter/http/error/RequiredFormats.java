package dev.tasklane.adapter.http.error;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The example values of the {@code required_format} and {@code correct_format} keys: what a hook result and a
 * completion body look like (docs/api.md, "Hooks" and "Completion validation").
 */
public final class RequiredFormats {
    /** One hook result: {@code {"exit_code": 0, "output": ..., "duration_ms": 1234}}. */
    public static final HookResult HOOK_RESULT = new HookResult(0, "Hook execution output", 1234);

    /** Every hook's result under its key, {@code before_doing_result} to {@code after_review_result}. */
    public static final Map<String, HookResult> ALL_HOOKS;

    /** The entries of a {@code changed_files} list: a text diff and a binary file. */
    public static final List<ChangedFile> CHANGED_FILES = List.of(
            new ChangedFile("lib/foo.ex", "Unified-patch text — see docs/api.md#changed-files (≤ 500 lines per file)"),
            new ChangedFile("assets/logo.png", "[binary file — no diff captured]"));

    /** The body of {@code PATCH /api/tasks/:id/changed_files}. */
    public static final ChangedFiles CHANGED_FILES_BODY = new ChangedFiles(CHANGED_FILES);

    /** The result objects and changed files of a completion. */
    public static final Completion COMPLETION = new Completion(
            new Explorer(true, "…(40+ non-whitespace chars)", 12000),
            new Reviewer(true, "…", 8000, 5, 0, "approved", new IssueCounts(0, 0, 0), List.of(),
                    List.of(new Criterion("All positions recalculate on move", "met")), "1.0"),
            new Skip(false, "one of: no_subagent_support, small_task_0_1_key_files, trivial_change_docs_only, "
                    + "self_reported_exploration, self_reported_review", "…"),
            CHANGED_FILES);

    static {
        Map<String, HookResult> all = new LinkedHashMap<>();
        for (String hook : List.of("before_doing", "after_doing", "before_review", "after_review")) {
            all.put(hook + "_result", HOOK_RESULT);
        }
        ALL_HOOKS = Collections.unmodifiableMap(all);
    }

    private RequiredFormats() {
    }

    /** The example result of {@code hook} under its key: {@code {"after_doing_result": {...}}}. */
    public static Map<String, HookResult> hook(String hook) {
        return Map.of(hook + "_result", HOOK_RESULT);
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record HookResult(int exitCode, String output, int durationMs) {
    }

    public record ChangedFile(String path, String diff) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record ChangedFiles(List<ChangedFile> changedFiles) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Completion(Explorer explorerResult, Reviewer reviewerResult, Skip skipForm,
                             List<ChangedFile> changedFiles) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Explorer(boolean dispatched, String summary, int durationMs) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Reviewer(boolean dispatched, String summary, int durationMs, int acceptanceCriteriaChecked,
                           int issuesFound, String status, IssueCounts issueCounts, List<Object> issues,
                           List<Criterion> acceptanceCriteria, String schemaVersion) {
    }

    public record IssueCounts(int critical, int important, int minor) {
    }

    public record Criterion(String criterion, String status) {
    }

    public record Skip(boolean dispatched, String reason, String summary) {
    }
}
