package dev.tasklane.adapter.http.routes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.identity.Scope;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.pipeline.Call;
import dev.tasklane.adapter.http.pipeline.Json;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.adapter.http.wire.TaskSummary;
import dev.tasklane.adapter.http.wire.BodyChecks;
import dev.tasklane.adapter.http.wire.completion.CompletionBody;
import dev.tasklane.adapter.http.wire.TaskAnswer.Envelope;
import dev.tasklane.adapter.http.wire.TaskAnswer.FullTask;
import dev.tasklane.adapter.http.wire.TaskAnswer.HookView;
import dev.tasklane.adapter.http.wire.MarkReviewedBody;
import dev.tasklane.adapter.http.wire.ReviewBody;
import dev.tasklane.adapter.http.wire.TaskAck;
import dev.tasklane.adapter.http.wire.TaskRender;
import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.ClaimTaskUseCase.Claimed;
import dev.tasklane.application.port.in.CompleteTaskUseCase.Completed;
import dev.tasklane.application.port.in.ReviewDecision;
import dev.tasklane.application.port.in.ReviewUseCase.Reviewed;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.in.ChangedFilesUseCase;
import dev.tasklane.application.port.in.ClaimTaskUseCase;
import dev.tasklane.application.port.in.CompleteTaskUseCase;
import dev.tasklane.application.port.in.LeaseUseCase;
import dev.tasklane.application.port.in.NextTaskUseCase;
import dev.tasklane.application.port.in.ReviewUseCase;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.validation.ChangedFilesDraft;
import io.javalin.http.HandlerType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Optional;

/** The agent loop: next, claim, heartbeat, unclaim, complete, changed_files, and the review flow. */
public final class WorkflowRoutes {
    private static final Logger LOG = LoggerFactory.getLogger(WorkflowRoutes.class);
    static final String NO_TASKS = "No tasks available in Ready column matching your capabilities";
    /** The complete body's skills_version, a string when sent. */
    private static final BodyChecks SKILLS = BodyChecks.of(BodyChecks.string("skills_version"));

    private final NextTaskUseCase nextTask;
    private final ClaimTaskUseCase claims;
    private final LeaseUseCase leases;
    private final CompleteTaskUseCase completion;
    private final ChangedFilesUseCase snapshots;
    private final ReviewUseCase reviews;
    private final ChangedFilesDecoder decoder;
    private final ChangedFileJson changedFiles;
    private final CompletionJson completions;

    public WorkflowRoutes(NextTaskUseCase nextTask, ClaimTaskUseCase claims, LeaseUseCase leases,
                   CompleteTaskUseCase completion,
                   ChangedFilesUseCase snapshots, ReviewUseCase reviews, Json json) {
        this.nextTask = nextTask;
        this.claims = claims;
        this.leases = leases;
        this.completion = completion;
        this.snapshots = snapshots;
        this.reviews = reviews;
        this.decoder = new ChangedFilesDecoder(json);
        this.changedFiles = new ChangedFileJson();
        this.completions = new CompletionJson(json);
    }

    public List<Route> routes() {
        return List.of(
                Route.needs(Scope.READ, HandlerType.GET, "/api/tasks/next", "The next task the caller could claim", this::next),
                Route.needs(Scope.WORK, HandlerType.POST, "/api/tasks/claim", "Claim a task (named or next) with before_doing proof", this::claim),
                Route.needs(Scope.WORK, HandlerType.POST, "/api/tasks/{id}/unclaim", "Release a claimed task", this::unclaim),
                Route.needs(Scope.WORK, HandlerType.POST, "/api/tasks/{id}/heartbeat", "Extend the caller's claim", this::heartbeat),
                Route.needs(Scope.WORK, HandlerType.PATCH, "/api/tasks/{id}/complete", "Complete a task with after_doing and before_review proofs", this::complete),
                Route.needs(Scope.WORK, HandlerType.POST, "/api/tasks/{id}/complete", "Complete a task (POST alias used by the Stride hook)", this::complete),
                Route.needs(Scope.WORK, HandlerType.PUT, "/api/tasks/{id}/changed_files", "Upload the per-file diff snapshot", this::changedFiles),
                Route.needs(Scope.REVIEW, HandlerType.PATCH, "/api/tasks/{id}/review", "Record a reviewer's decision on a task in Review", this::review),
                Route.needs(Scope.WORK, HandlerType.PATCH, "/api/tasks/{id}/mark_reviewed", "Finalize a review with after_review proof", this::markReviewed),
                Route.needs(Scope.REVIEW, HandlerType.PATCH, "/api/tasks/{id}/mark_done", "Move a task in Review to Done without hooks", this::markDone));
    }

    private void next(Call call) {
        Optional<TaskView> next = nextTask.next(call.actor(), call.query("agent_name"));
        if (next.isEmpty()) {
            throw RequestRefused.plain(404, NO_TASKS);
        }
        TaskRender data = call.slim() ? TaskSummary.of(next.get()) : FullTask.of(next.get(), call.board());
        call.ok(Envelope.data(data).skills().skillsCheck(call.query("skills_version")));
    }

    /**
     * The body of {@code POST /api/tasks/claim} (docs/api.md, "Claiming"): the task to claim (none for the next one),
     * who claims it, the before_doing hook's result, and the token of a claim being taken over.
     *
     * @param identifier        the task's identifier (W12); absent or empty claims the next task
     * @param agentName         the claiming agent's name; absent is "Unknown"
     * @param skillsVersion     the client's skills version, answered with {@code skills_update_required} when older
     * @param beforeDoingResult the before_doing hook's result as sent: {@code {exit_code, output, duration_ms}}
     * @param claimToken        the token of the caller's own claim, to claim it again
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record ClaimBody(String identifier, String agentName, String skillsVersion, JsonNode beforeDoingResult,
                            String claimToken) {
        /** Stride's order of refusals: identifier, agent_name, skills_version, the proof, claim_token. */
        public static final BodyChecks CHECKS = BodyChecks.of(BodyChecks.string("identifier"),
                BodyChecks.string("agent_name"), BodyChecks.string("skills_version"),
                BodyChecks.proof(HookName.BEFORE_DOING), BodyChecks.string("claim_token"));

        /** The before_doing proof, typed; null when none was sent (whether it is required is the domain's rule). */
        public HookResult proof() {
            return BodyChecks.proof(HookName.BEFORE_DOING, beforeDoingResult);
        }
    }

    private void claim(Call call) {
        ClaimBody body = call.bind(ClaimBody.CHECKS, ClaimBody.class);
        HookResult proof = body.proof();
        String identifier = body.identifier();
        ClaimTask command = new ClaimTask(identifier == null || identifier.isEmpty() ? null : identifier,
                body.agentName() == null ? "Unknown" : body.agentName(), proof, body.claimToken());
        Claimed claimed = claims.claim(call.actor(), command);
        FullTask data = FullTask.withClaimToken(claimed.task(), call.board(), claimed.claimToken());
        call.ok(Envelope.data(data).withHook(HookView.of(claimed.hook())).skills().skillsCheck(body.skillsVersion()));
    }

    private void unclaim(Call call) {
        TaskView view = leases.unclaim(call.actor(), call.ref(), call.param("claim_token"));
        call.ok(Envelope.data(FullTask.of(view, call.board())).skills());
    }

    private void heartbeat(Call call) {
        TaskView view = leases.heartbeat(call.actor(), call.ref(), call.param("claim_token"));
        FullTask data = FullTask.of(view, call.board());
        call.ok(Envelope.data(data).withClaimExpiresAt(data.claimExpiresAt()).skills());
    }

    private void complete(Call call) {
        ObjectNode sent = call.object();
        SKILLS.apply(sent);
        String skills = BodyChecks.text(sent.get("skills_version"));
        boolean slim = call.slim();
        Completed completed = completion.complete(call.actor(), call.ref(),
                completions.read(call.bind(CompletionBody.class)));
        TaskRender data = slim ? TaskAck.of(completed.task()) : FullTask.of(completed.task(), call.board());
        Envelope<TaskRender> envelope = Envelope.data(data).withHooks(HookView.of(completed.hooks()));
        completed.warnings().forEach(warning -> LOG.warn("completion of {} accepted in grace mode: {}",
                completed.task().task().identifier(), warning));
        call.ok(envelope.skills().skillsCheck(skills));
    }

    private void changedFiles(Call call) {
        JsonNode body = call.tree();
        JsonNode value;
        String claimToken = call.query("claim_token");
        boolean slim;
        if (body.isArray()) {
            value = body;
            slim = "slim".equals(call.query("response_view"));
        } else if (body.isObject()) {
            value = body.get("changed_files");
            slim = call.slim();
            if (body.get("claim_token") instanceof TextNode token) {
                claimToken = token.textValue();
            }
        } else {
            throw RequestRefused.invalid("body", "must be a JSON object {\"changed_files\": [...]} or a JSON array");
        }
        ChangedFilesDraft files = encoded(value)
                ? changedFiles.read(decoder.decode(call.json().plainTree(value))) : changedFiles.read(value);
        TaskView view = snapshots.putChangedFiles(call.actor(), call.ref(), files, claimToken);
        if (slim) {
            call.ok(Envelope.data(TaskAck.of(view)));
        } else {
            call.ok(Envelope.data(FullTask.of(view, call.board())).skills());
        }
    }

    /** An encoded snapshot, {@code {encoding, data}} with both strings, which {@link ChangedFilesDecoder} decodes. */
    private static boolean encoded(JsonNode value) {
        return value != null && value.isObject() && value.path("encoding").isTextual()
                && value.path("data").isTextual();
    }

    private void review(Call call) {
        ReviewBody body = call.bind(ReviewBody.CHECKS, ReviewBody.class);
        ReviewDecision decision = ReviewDecision.fromCode(body.reviewStatus(), body.reviewNotes());
        TaskView view = reviews.review(call.actor(), call.ref(), decision);
        call.ok(Envelope.data(FullTask.of(view, call.board())).skills());
    }

    private void markReviewed(Call call) {
        call.object(); // a body that is no JSON object is refused before the task is named
        TaskRef ref = call.ref();
        MarkReviewedBody body = call.bind(MarkReviewedBody.CHECKS, MarkReviewedBody.class);
        Reviewed reviewed = reviews.markReviewed(call.actor(), ref, body.proof(), body.agentName());
        FullTask data = FullTask.withClaimToken(reviewed.task(), call.board(), reviewed.claimToken());
        Envelope<FullTask> envelope = Envelope.data(data);
        if (!reviewed.hooks().isEmpty()) {
            envelope = envelope.withHooks(HookView.of(reviewed.hooks()));
        }
        call.ok(envelope.skills());
    }

    private void markDone(Call call) {
        call.object(); // any object, ignored; another JSON value is refused
        TaskView view = reviews.markDone(call.actor(), call.ref());
        call.ok(Envelope.data(FullTask.of(view, call.board())).skills());
    }
}
