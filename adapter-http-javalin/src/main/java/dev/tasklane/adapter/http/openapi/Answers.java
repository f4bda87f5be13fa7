package dev.tasklane.adapter.http.openapi;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.validation.constraints.NotNull;

import java.util.List;
import java.util.Map;

/**
 * The shapes of the answers that the routes still write as maps (docs/api.md, "Task renders" and the sections of
 * each resource), as records, so that the OpenAPI document can generate their schemas ({@link WireSchemas}). They
 * mirror what the API writes today, key for key: {@code OpenApiAnswersTest} validates real answers against the
 * generated schemas with every object closed to other keys. A route whose answer becomes a record itself names that
 * record in the operation table instead.
 *
 * <p>Every key is written, {@code null} when absent, unless the record or key says {@code @JsonInclude(NON_NULL)}:
 * those keys appear only in some answers. {@code @NotNull} marks a value that is never null; an {@code Object} is any
 * JSON value and an {@code ObjectNode} any JSON object, as sent by an agent and kept as sent.
 */
public final class Answers {
    private Answers() {
    }

    // ------------------------------------------------------------------ tasks

    /** The full task record plus blocked/blocked_by; {@code claim_token} only on the claim and mark_reviewed answers. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record TaskView(@NotNull Long id, @NotNull String title, String description, String acceptanceCriteria,
                       long position, @NotNull String type, @NotNull String priority, @NotNull String identifier,
                       Long columnId, Long assignedToId, Long parentId, @NotNull String complexity,
                       String estimatedFiles, String why, String what, String whereContext, String patternsToFollow,
                       String databaseChanges, String validationRules, String telemetryEvent, String metricsToTrack,
                       String loggingRequirements, String errorUserMessage, String errorOnFailure,
                       @NotNull List<KeyFile> keyFiles, @NotNull List<VerificationStep> verificationSteps,
                       List<BehaviourRow> behaviourTestMatrix, List<String> technologyRequirements,
                       List<String> pitfalls, List<String> outOfScope, @NotNull List<String> securityConsiderations,
                       @NotNull ObjectNode testingStrategy, @NotNull ObjectNode integrationPoints,
                       @NotNull ObjectNode technicalDetails, Long createdById, String createdByAgent,
                       String completedAt, Long completedById, String completedByAgent, String completionSummary,
                       String completionNotes, @NotNull List<String> dependencies, @NotNull String status,
                       boolean blocked, @NotNull List<String> blockedBy, String claimedAt, String claimExpiresAt,
                       @NotNull List<String> requiredCapabilities, String actualComplexity,
                       String actualFilesChanged, @JsonInclude(JsonInclude.Include.NON_NULL) List<ChangedFile> changedFiles,
                       Integer timeSpentMinutes, boolean humanTask, boolean needsReview, String reviewStatus,
                       String reviewNotes, String reviewReport, @NotNull List<Object> workflowSteps,
                       Object explorerResult, Object reviewerResult, String reviewedAt, Long reviewedById,
                       @NotNull String insertedAt, @NotNull String updatedAt, String archivedAt, String archiveReason,
                       String archiveNote, Long archivedById, String duplicateOf,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String claimToken) implements TaskOrSummary {
    }

    /** A key file of a task. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record KeyFile(@NotNull String filePath, String note, Integer position) {
    }

    /** A verification step of a task. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record VerificationStep(@NotNull String stepType, @NotNull String stepText, String expectedResult,
                                   Integer position) {
    }

    /** A row of a task's behaviour test matrix. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record BehaviourRow(String category, String behaviour, String testName, String type, String status,
                               String naReason, Integer position) {
    }

    /** A file of the changed-files snapshot: its path, its diff when it has one; other keys are kept as sent. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ChangedFile(@NotNull String path, String diff) {
    }

    /** The summary row (response_view=slim, lists, children) plus blocked/blocked_by. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record TaskSummary(@NotNull Long id, @NotNull String identifier, @NotNull String title,
                              @NotNull String type, @NotNull String status, @NotNull String priority,
                              @NotNull String complexity, @NotNull List<String> dependencies, String createdByAgent,
                              Long parentId, String claimExpiresAt, boolean blocked,
                              @NotNull List<String> blockedBy) implements TaskOrSummary {
    }

    /** The acknowledgement of slim complete and slim changed_files. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record TaskAck(@NotNull Long id, @NotNull String identifier, @NotNull String title, @NotNull String status,
                          Long parentId, boolean needsReview, String reviewStatus, @NotNull String complexity,
                          @NotNull String priority) {
    }

    /** The goal render of goal-creation answers. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record GoalRender(@NotNull Long id, @NotNull String identifier, @NotNull String title, String description,
                             @NotNull String status, @NotNull String priority, @NotNull String complexity,
                             @NotNull String type, Long createdById, String createdByAgent, Long columnId,
                             @NotNull String insertedAt, @NotNull String updatedAt) {
    }

    /** One client-side hook the agent runs next. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Hook(@NotNull String name, @NotNull Map<String, String> env, long timeout, boolean blocking,
                       String executeBefore, String executeAfter, String description) {
    }

    /** Sent when the client's skills_version differs from the server's. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record SkillsUpdate(@NotNull String currentVersion, @NotNull String yourVersion, @NotNull String action,
                               @NotNull String reason) {
    }

    /**
     * The answer of one task: the task under {@code data}; {@code current_skills_version} on the workflow answers,
     * {@code skills_update_required} when the client's skills are outdated, {@code hook} after a claim, {@code hooks}
     * after complete and mark_reviewed, {@code claim_expires_at} after a heartbeat.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record TaskAnswer(@NotNull TaskView data, String currentSkillsVersion, SkillsUpdate skillsUpdateRequired,
                             Hook hook, List<Hook> hooks, String claimExpiresAt) {
    }

    /** A slim answer of one task (response_view=slim on next and show). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record TaskSummaryAnswer(@NotNull TaskSummary data, String currentSkillsVersion,
                                    SkillsUpdate skillsUpdateRequired) {
    }

    /** A slim acknowledgement (response_view=slim on complete and changed_files). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record TaskAckAnswer(@NotNull TaskAck data, List<Hook> hooks, String currentSkillsVersion,
                                SkillsUpdate skillsUpdateRequired) {
    }

    /** A task cut down to the requested {@code fields} (GET /api/tasks/:id?fields=...): any subset of the task's keys. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record TaskFieldsAnswer(@NotNull ObjectNode data) {
    }

    /** A goal created with its children. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record GoalAnswer(@NotNull GoalRender goal, @NotNull List<TaskSummary> childTasks) {
    }

    /** The answer of a batch: every goal created, with its children. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record BatchAnswer(boolean success, @NotNull List<GoalAnswer> goals, int total) {
    }

    /**
     * A page of the task list: full rows (without {@code changed_files} unless include=changed_files) or summary rows
     * (response_view=slim); {@code next_cursor} is null on the last page.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record TaskPage(@NotNull List<TaskOrSummary> data, String nextCursor) {
    }

    /** A task row of a list: the full record or, with response_view=slim, the summary. */
    @JsonSubTypes({@JsonSubTypes.Type(TaskView.class), @JsonSubTypes.Type(TaskSummary.class)})
    public sealed interface TaskOrSummary permits TaskView, TaskSummary {
    }

    /** A goal with its children and counts. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record TreeAnswer(@NotNull Tree data) {
    }

    /** A goal's tree. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Tree(@NotNull TaskView task, @NotNull List<TaskOrSummary> children, @NotNull TreeCounts counts) {
    }

    /** The counts of a goal's children. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record TreeCounts(int total, int completed, int blocked) {
    }

    /** The tasks a task depends on, recursively. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record DependenciesAnswer(@NotNull TaskSummary task, @NotNull List<DependencyRow> dependencies) {
    }

    /** One dependency: the task, its depth and the identifier of the task that depends on it. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record DependencyRow(@NotNull TaskSummary task, int depth, String parent) {
    }

    /** The tasks that depend on a task. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record DependentsAnswer(@NotNull TaskSummary task, @NotNull List<TaskSummary> dependents) {
    }

    /** A task's history, oldest first. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record HistoryAnswer(@NotNull List<HistoryEntry> data) {
    }

    /** One entry of a task's history; {@code facts} depends on {@code kind} (docs/api.md, "History"). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record HistoryEntry(@NotNull Long taskId, @NotNull String kind, @NotNull String at, Long actorUserId,
                               String agentName, @NotNull ObjectNode facts) {
    }

    /** Whether a goal's after_goal hook is armed, and its environment. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record AfterGoalStatus(boolean afterGoalArmed, Long goalId, String goalIdentifier,
                                  @NotNull Map<String, String> env) {
    }

    // ------------------------------------------------------------------ system

    /** Liveness and readiness: the status and the store's name; a 503 adds the error keys. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Health(@NotNull String status, @NotNull String store) {
    }

    /** A readiness refusal: the store is unreachable (the error body's keys with the status). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Unready(@NotNull String status, @NotNull String store, @NotNull String error, String code,
                          Long retryAfterSeconds) {
    }

    /** Any JSON object: the onboarding document and this OpenAPI document, described in docs/api.md. */
    public record Document() {
    }

    // ------------------------------------------------------------------ identity

    /** A user. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record User(@NotNull Long id, @NotNull String username, String displayName, @NotNull String role) {
    }

    /** The caller: the user, the token's board, capabilities and reviewer flag. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Me(@NotNull Long id, @NotNull String username, String displayName, @NotNull String role,
                     @NotNull BoardName board, @NotNull List<String> capabilities, boolean reviewer) {
    }

    /** A board's id and name. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record BoardName(@NotNull Long id, @NotNull String name) {
    }

    /** A board with its columns. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Board(@NotNull Long id, @NotNull String name, @NotNull List<BoardColumn> columns) {
    }

    /** A column of a board. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record BoardColumn(Long id, @NotNull String name, int position) {
    }

    /** A board membership. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Member(@NotNull Long boardId, @NotNull Long userId, @NotNull String user, @NotNull String access) {
    }

    /** An API token as listed (never its secret). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Token(@NotNull Long id, @NotNull String name, @NotNull Long userId, Long boardId,
                        @NotNull List<String> capabilities, String agentModel, boolean reviewer, String expiresAt,
                        String revokedAt, String lastUsedAt, String lastAgentName, String insertedAt) {
    }

    /** A token just issued: its secret is shown this once. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record IssuedToken(@NotNull Long id, @NotNull String name, @NotNull String token,
                              @NotNull BoardName board, @NotNull List<String> capabilities, boolean reviewer,
                              String expiresAt) {
    }

    /** {@code {"data": user}}. */
    public record UserAnswer(@NotNull User data) {
    }

    /** {@code {"data": [user]}}. */
    public record UserList(@NotNull List<User> data) {
    }

    /** {@code {"data": me}}. */
    public record MeAnswer(@NotNull Me data) {
    }

    /** {@code {"data": board}}. */
    public record BoardCreated(@NotNull Board data) {
    }

    /** {@code {"data": [board]}}. */
    public record BoardList(@NotNull List<Board> data) {
    }

    /** {@code {"data": membership}}. */
    public record MemberAnswer(@NotNull Member data) {
    }

    /** {@code {"data": [token]}}. */
    public record TokenList(@NotNull List<Token> data) {
    }

    /** {@code {"data": token}}. */
    public record TokenAnswer(@NotNull Token data) {
    }

    /** {@code {"data": issued token}}. */
    public record IssuedTokenAnswer(@NotNull IssuedToken data) {
    }

    // ------------------------------------------------------------------ errors

    /**
     * Every error body (docs/api.md, "Errors"): {@code error} says what is wrong and how to fix it (a 405 and a 500
     * carry {@code errors.detail} instead); the other keys
     * belong to one family each and appear only there.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Error(String error, String message, String code, Object status, Object errors,
                        List<Object> failures, ObjectNode details, String hook,
                        ObjectNode requiredFormat, Object correctFormat, Integer index,
                        Long retryAfterSeconds, String detail, String documentation, List<String> relatedDocs,
                        List<String> commonCauses, Object gettingStarted) {
    }
}
