package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.tasklane.adapter.http.wire.completion.ExplorerResultBody;
import dev.tasklane.adapter.http.wire.completion.ReviewerResultBody;
import dev.tasklane.application.port.in.HookEntry;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.Archive;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.ChangedFile;
import dev.tasklane.domain.task.Completion;
import dev.tasklane.domain.task.Detail;
import dev.tasklane.domain.task.ExplorerResult;
import dev.tasklane.domain.task.Review;
import dev.tasklane.domain.task.ReviewerResult;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskDetails;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TextOrList;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.WorkflowStep;
import dev.tasklane.edge.DocumentKeys;
import jakarta.validation.constraints.NotNull;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

/**
 * A task's answer as the wire writes it (docs/api.md, "Task renders"): the {@link Envelope} at the root of most
 * answers, the {@link FullTask} record in its {@code data}, the {@link HookView}s of the hooks to run, and the wire's
 * spelling of task identifiers ({@link WireIds}) and times ({@link WireTime}), which the other answers share. The
 * records are named in the OpenAPI document as their own, not after this file ({@code WireSchemas}).
 */
public final class TaskAnswer {
    private TaskAnswer() {
    }

    /**
     * The root of most answers: {@code data}, then what a route adds beside it ({@code hook} of a claim, {@code hooks}
     * of a completion, {@code claim_expires_at} of a heartbeat), then {@code current_skills_version} where clients look
     * for it and {@code skills_update_required} when the client's skills are older (docs/api.md, "Task renders"). Keys
     * other than {@code data} are written only when set; {@code data} is never null ({@code @NotNull} tells the OpenAPI
     * document's schema so).
     *
     * @param <T> what {@code data} holds
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Envelope<T>(
            @JsonInclude(JsonInclude.Include.ALWAYS) @NotNull T data,
            HookView hook,
            List<HookView> hooks,
            String claimExpiresAt,
            String currentSkillsVersion,
            SkillsUpdate skillsUpdateRequired) {
        /** The skills version this server's onboarding teaches. */
        public static final String SKILLS_VERSION = "1.0";

        /** {@code {"data": data}}. */
        public static <T> Envelope<T> data(T data) {
            return new Envelope<>(data, null, null, null, null, null);
        }

        public Envelope<T> withHook(HookView value) {
            return new Envelope<>(data, value, hooks, claimExpiresAt, currentSkillsVersion, skillsUpdateRequired);
        }

        public Envelope<T> withHooks(List<HookView> value) {
            return new Envelope<>(data, hook, value, claimExpiresAt, currentSkillsVersion, skillsUpdateRequired);
        }

        public Envelope<T> withClaimExpiresAt(String value) {
            return new Envelope<>(data, hook, hooks, value, currentSkillsVersion, skillsUpdateRequired);
        }

        /** Adds {@code current_skills_version}. */
        public Envelope<T> skills() {
            return new Envelope<>(data, hook, hooks, claimExpiresAt, SKILLS_VERSION, skillsUpdateRequired);
        }

        /** Adds {@code skills_update_required} when the client sent a non-empty skills_version other than the server's. */
        public Envelope<T> skillsCheck(String clientVersion) {
            if (clientVersion == null || clientVersion.isEmpty() || SKILLS_VERSION.equals(clientVersion)) {
                return this;
            }
            return new Envelope<>(data, hook, hooks, claimExpiresAt, currentSkillsVersion, new SkillsUpdate(SKILLS_VERSION,
                    clientVersion, "Run /plugin update stride to get the latest skills", "Your local skills are outdated."));
        }
    }

    /**
     * The full task record plus Tasklane's {@code blocked} and {@code blocked_by} (docs/api.md, "Task renders"). Every
     * key is present and null when absent, except three: {@code changed_files}, which list rows leave out unless asked
     * ({@code include=changed_files}); {@code external_url}, the GitHub issue's page of a task made from one (the read of
     * one task answers it); and {@code claim_token}, which only the claim (and a claim-keeping mark_reviewed) adds, last.
     *
     * <p>{@code workflow_steps}, {@code explorer_result} and {@code reviewer_result} write the stored report, the results
     * through their wire records ({@link ExplorerResultBody}, {@link ReviewerResultBody}).
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record FullTask(
            TaskId id,
            String title,
            String description,
            String acceptanceCriteria,
            long position,
            String type,
            String priority,
            String identifier,
            Long columnId,
            UserId assignedToId,
            TaskId parentId,
            String complexity,
            String estimatedFiles,
            String why,
            String what,
            String whereContext,
            String patternsToFollow,
            String databaseChanges,
            String validationRules,
            String telemetryEvent,
            String metricsToTrack,
            String loggingRequirements,
            String errorUserMessage,
            String errorOnFailure,
            List<KeyFileView> keyFiles,
            List<VerificationStepView> verificationSteps,
            List<BehaviourRowView> behaviourTestMatrix,
            List<String> technologyRequirements,
            List<String> pitfalls,
            List<String> outOfScope,
            List<String> securityConsiderations,
            @JsonSerialize(contentUsing = SentJson.Text.class) Map<String, TextOrList> testingStrategy,
            @JsonSerialize(contentUsing = SentJson.Text.class) Map<String, TextOrList> integrationPoints,
            UnknownKeys technicalDetails,
            UserId createdById,
            String createdByAgent,
            String completedAt,
            UserId completedById,
            String completedByAgent,
            String completionSummary,
            String completionNotes,
            List<String> dependencies,
            String status,
            boolean blocked,
            List<String> blockedBy,
            String claimedAt,
            String claimExpiresAt,
            List<String> requiredCapabilities,
            String actualComplexity,
            String actualFilesChanged,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<ChangedFile> changedFiles,
            Integer timeSpentMinutes,
            boolean humanTask,
            boolean needsReview,
            String reviewStatus,
            String reviewNotes,
            String reviewReport,
            List<WorkflowStep> workflowSteps,
            ExplorerResultBody explorerResult,
            ReviewerResultBody reviewerResult,
            String reviewedAt,
            UserId reviewedById,
            String insertedAt,
            String updatedAt,
            String archivedAt,
            String archiveReason,
            String archiveNote,
            UserId archivedById,
            String duplicateOf,
            @JsonInclude(JsonInclude.Include.NON_NULL) String externalUrl,
            @JsonInclude(JsonInclude.Include.NON_NULL) String claimToken) implements TaskRender {

        /** The full record, {@code changed_files} included. */
        public static FullTask of(TaskView view, Board board) {
            return of(view, board, true, null);
        }

        /** The full record with the claim's token added last (the claim's answer); a null token leaves the key out. */
        public static FullTask withClaimToken(TaskView view, Board board, String claimToken) {
            return of(view, board, true, claimToken);
        }

        /** The full record of a list row: {@code changed_files} only when the caller asked for it. */
        public static FullTask row(TaskView view, Board board, boolean changedFiles) {
            return of(view, board, changedFiles, null);
        }

        private static FullTask of(TaskView view, Board board, boolean changedFiles, String claimToken) {
            Task task = view.task();
            TaskSpec spec = task.spec();
            TaskDetails details = spec.details();
            Completion done = task.completion();
            AgentReport reported = done == null ? AgentReport.NONE : done.report();
            ExplorerResult explorer = reported.explorerResult();
            ReviewerResult reviewer = reported.reviewerResult();
            Review review = task.review();
            Archive archive = task.archive();
            return new FullTask(
                    task.id(),
                    spec.title(),
                    spec.description(),
                    spec.acceptanceCriteria(),
                    task.position(),
                    spec.type().code(),
                    spec.priority().code(),
                    task.identifier().toString(),
                    board.columnId(task.status()),
                    task.assignedToId(),
                    task.parentId(),
                    spec.complexity().code(),
                    details.text(Detail.ESTIMATED_FILES),
                    details.text(Detail.WHY),
                    details.text(Detail.WHAT),
                    details.text(Detail.WHERE_CONTEXT),
                    details.text(Detail.PATTERNS_TO_FOLLOW),
                    details.text(Detail.DATABASE_CHANGES),
                    details.text(Detail.VALIDATION_RULES),
                    details.text(Detail.TELEMETRY_EVENT),
                    details.text(Detail.METRICS_TO_TRACK),
                    details.text(Detail.LOGGING_REQUIREMENTS),
                    details.text(Detail.ERROR_USER_MESSAGE),
                    details.text(Detail.ERROR_ON_FAILURE),
                    spec.keyFiles().stream().map(KeyFileView::of).toList(),
                    spec.verificationSteps().stream().map(VerificationStepView::of).toList(),
                    details.behaviourTestMatrix().stream().map(BehaviourRowView::of).toList(),
                    details.technologyRequirements(),
                    details.pitfalls(),
                    details.outOfScope(),
                    spec.securityConsiderations(),
                    DocumentKeys.testingStrategy(spec.testingStrategy()),
                    details.integrationPoints(),
                    details.technicalDetails(),
                    task.createdById(),
                    task.createdByAgent(),
                    done == null ? null : WireTime.utc(done.completedAt()),
                    done == null ? null : done.completedById(),
                    done == null ? null : done.completedByAgent(),
                    reported.summary(),
                    reported.notes(),
                    WireIds.texts(spec.dependencies()),
                    task.status().code(),
                    view.blocked(),
                    WireIds.texts(view.blockedBy()),
                    task.claim() == null ? null : WireTime.utc(task.claim().claimedAt()),
                    task.claim() == null ? null : WireTime.utc(task.claim().expiresAt()),
                    spec.requiredCapabilities().stream().map(Capability::code).sorted().toList(),
                    reported.actualComplexity() == null ? null : reported.actualComplexity().code(),
                    reported.actualFilesChanged(),
                    changedFiles ? task.changedFiles() : null,
                    reported.timeSpentMinutes(),
                    spec.humanTask(),
                    spec.needsReview(),
                    review == null ? null : review.status().code(),
                    review == null ? null : review.notes(),
                    reported.reviewReport(),
                    reported.workflowSteps(),
                    explorer == null ? null : ExplorerResultBody.of(explorer),
                    reviewer == null ? null : ReviewerResultBody.of(reviewer),
                    review == null ? null : WireTime.utc(review.reviewedAt()),
                    review == null ? null : review.reviewedById(),
                    WireTime.naive(task.insertedAt()),
                    WireTime.naive(task.updatedAt()),
                    archive == null ? null : WireTime.utc(archive.archivedAt()),
                    archive == null ? null : archive.reason().code(),
                    archive == null ? null : archive.note(),
                    archive == null ? null : archive.archivedById(),
                    archive == null ? null : archive.duplicateOf(),
                    view.externalUrl(),
                    claimToken);
        }
    }

    /** One hook to run, with its environment and timeout (docs/api.md, "Hooks"). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record HookView(String name, Map<String, String> env, long timeout, boolean blocking, String executeBefore,
                           String executeAfter, String description) {
        public static HookView of(HookEntry entry) {
            return new HookView(entry.name().code(), entry.env(), entry.timeoutMs(), entry.blocking(),
                    entry.name().executeBefore(), entry.name().executeAfter(), entry.name().description());
        }

        public static List<HookView> of(List<HookEntry> entries) {
            return entries.stream().map(HookView::of).toList();
        }
    }

    /** Task identifiers as the wire spells them ("W12"), for answer records that hold them as text. */
    public static final class WireIds {
        private WireIds() {
        }

        /** The identifier's text; null for null. */
        public static String text(TaskIdentifier identifier) {
            return identifier == null ? null : identifier.toString();
        }

        /** Each identifier's text, in order; null for null. */
        public static List<String> texts(List<TaskIdentifier> identifiers) {
            return identifiers == null ? null : identifiers.stream().map(TaskIdentifier::toString).toList();
        }
    }

    /**
     * The two time formats of the wire (docs/api.md, "Task renders"). A task's answer writes several times, so the
     * years every stored time has (1 to 9999) are written digit by digit; any other year takes the formatter, whose
     * text the fast path matches ({@code WireTimeTest}).
     */
    public static final class WireTime {
        private static final DateTimeFormatter NAIVE = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss").withZone(ZoneOffset.UTC);

        /** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, the first and last second written digit by digit. */
        private static final long FIRST_SECOND = -62_135_596_800L;
        private static final long LAST_SECOND = 253_402_300_799L;

        private WireTime() {
        }

        /** ISO-8601 UTC with Z, second precision: "2026-01-15T17:55:53Z"; null for null. */
        public static String utc(Instant instant) {
            if (instant == null) {
                return null;
            }
            String fast = digits(instant, true);
            return fast != null ? fast : instant.truncatedTo(ChronoUnit.SECONDS).toString();
        }

        /** ISO-8601 without offset (values are UTC): "2026-01-15T16:55:53"; null for null. */
        public static String naive(Instant instant) {
            if (instant == null) {
                return null;
            }
            String fast = digits(instant, false);
            return fast != null ? fast : NAIVE.format(instant);
        }

        /** "yyyy-MM-ddTHH:mm:ss", with a Z when {@code zulu}; null for a year outside 1 to 9999. */
        private static String digits(Instant instant, boolean zulu) {
            long seconds = instant.getEpochSecond();
            if (seconds < FIRST_SECOND || seconds > LAST_SECOND) {
                return null;
            }
            LocalDateTime time = LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC);
            int year = time.getYear();
            byte[] out = new byte[zulu ? 20 : 19];
            put(out, 0, year / 100, 2);
            put(out, 2, year % 100, 2);
            out[4] = '-';
            put(out, 5, time.getMonthValue(), 2);
            out[7] = '-';
            put(out, 8, time.getDayOfMonth(), 2);
            out[10] = 'T';
            put(out, 11, time.getHour(), 2);
            out[13] = ':';
            put(out, 14, time.getMinute(), 2);
            out[16] = ':';
            put(out, 17, time.getSecond(), 2);
            if (zulu) {
                out[19] = 'Z';
            }
            return new String(out, java.nio.charset.StandardCharsets.ISO_8859_1);
        }

        private static void put(byte[] out, int at, int value, int width) {
            for (int i = at + width - 1; i >= at; i--) {
                out[i] = (byte) ('0' + value % 10);
                value /= 10;
            }
        }
    }
}
