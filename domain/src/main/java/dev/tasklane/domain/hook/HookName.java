package dev.tasklane.domain.hook;

import dev.tasklane.domain.task.Codes;

import java.time.Duration;
import java.util.Optional;

/**
 * The five client-side lifecycle hooks. The service never runs them; it hands out their metadata and
 * demands a result proving each one ran and succeeded. All five are blocking.
 */
public enum HookName {
    BEFORE_DOING(Duration.ofSeconds(60),
            "Claiming the task",
            "Executing the before_doing hook",
            "Setup and preparation before starting work on the task"),
    AFTER_DOING(Duration.ofSeconds(120),
            "Calling the /complete endpoint - EXECUTE THIS FIRST!",
            "Executing the after_doing hook successfully",
            "Quality checks and validation after completing work (tests, linting, formatting, security)"),
    BEFORE_REVIEW(Duration.ofSeconds(60),
            "Executing the after_doing hook successfully",
            "Executing the before_review hook",
            "Prepare task for review (create PR, generate documentation)"),
    AFTER_REVIEW(Duration.ofSeconds(60),
            "AFTER calling /mark_reviewed endpoint with approved status (or immediately after executing before_review if needs_review=false)",
            "Task marked as done",
            "Finalize task after approval (deploy, merge, notify stakeholders)"),
    AFTER_GOAL(Duration.ofSeconds(60),
            "Reporting after_goal exit code on the next /complete or /mark_reviewed call — only returned when this completion finished the parent goal's last open child",
            "Parent goal marked as done",
            "Finalize the parent goal after its final child task completes (project-level rollups, notifications, archival)");

    private final Duration defaultTimeout;
    private final String executeBefore;
    private final String executeAfter;
    private final String description;
    /** Kept: every claim and completion reads it (see {@link #resultKey}). */
    private final String resultKey;

    HookName(Duration defaultTimeout, String executeBefore, String executeAfter, String description) {
        this.defaultTimeout = defaultTimeout;
        this.executeBefore = executeBefore;
        this.executeAfter = executeAfter;
        this.description = description;
        this.resultKey = name().toLowerCase(java.util.Locale.ROOT) + "_result";
    }

    /** The spec's timeout (60 s, 120 s for after_doing); the configured value lives in {@code WorkflowLimits}. */
    public Duration defaultTimeout() {
        return defaultTimeout;
    }

    public boolean blocking() {
        return true;
    }

    public String executeBefore() {
        return executeBefore;
    }

    public String executeAfter() {
        return executeAfter;
    }

    public String description() {
        return description;
    }

    /** "before_doing", as on the wire and in {@code .stride.md} section headings. */
    public String code() {
        return Codes.of(this);
    }

    /** The request key carrying this hook's proof: "before_doing_result". */
    public String resultKey() {
        return resultKey;
    }

    public static Optional<HookName> fromCode(String value) {
        return Codes.parse(HookName.class, value);
    }
}
