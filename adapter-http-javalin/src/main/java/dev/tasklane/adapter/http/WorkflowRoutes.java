package dev.tasklane.adapter.http;

import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.ClaimTaskUseCase.Claimed;
import dev.tasklane.application.port.in.CompleteTaskUseCase.Completed;
import dev.tasklane.application.port.in.ReviewDecision;
import dev.tasklane.application.port.in.ReviewUseCase.Reviewed;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.in.UseCases;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.validation.ChangedFilesDraft;
import io.javalin.http.HandlerType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The agent loop: next, claim, heartbeat, unclaim, complete, changed_files, and the review flow. */
final class WorkflowRoutes {
    private static final Logger LOG = LoggerFactory.getLogger(WorkflowRoutes.class);
    static final String NO_TASKS = "No tasks available in Ready column matching your capabilities";

    private final UseCases useCases;
    private final ChangedFilesDecoder decoder;
    private final ChangedFileJson changedFiles;
    private final CompletionJson completions;

    WorkflowRoutes(UseCases useCases, Json json) {
        this.useCases = useCases;
        this.decoder = new ChangedFilesDecoder(json);
        this.changedFiles = new ChangedFileJson();
        this.completions = new CompletionJson(json);
    }

    List<Route> routes() {
        return List.of(
                Route.authed(HandlerType.GET, "/api/tasks/next", "The next task the caller could claim", this::next),
                Route.authed(HandlerType.POST, "/api/tasks/claim", "Claim a task (named or next) with before_doing proof", this::claim),
                Route.authed(HandlerType.POST, "/api/tasks/{id}/unclaim", "Release a claimed task", this::unclaim),
                Route.authed(HandlerType.POST, "/api/tasks/{id}/heartbeat", "Extend the caller's claim", this::heartbeat),
                Route.authed(HandlerType.PATCH, "/api/tasks/{id}/complete", "Complete a task with after_doing and before_review proofs", this::complete),
                Route.authed(HandlerType.POST, "/api/tasks/{id}/complete", "Complete a task (POST alias used by the Stride hook)", this::complete),
                Route.authed(HandlerType.PUT, "/api/tasks/{id}/changed_files", "Upload the per-file diff snapshot", this::changedFiles),
                Route.authed(HandlerType.PATCH, "/api/tasks/{id}/review", "Record a reviewer's decision on a task in Review", this::review),
                Route.authed(HandlerType.PATCH, "/api/tasks/{id}/mark_reviewed", "Finalize a review with after_review proof", this::markReviewed),
                Route.authed(HandlerType.PATCH, "/api/tasks/{id}/mark_done", "Move a task in Review to Done without hooks", this::markDone));
    }

    private void next(Call call) {
        Optional<TaskView> next = useCases.next().next(call.actor(), call.query("agent_name"));
        if (next.isEmpty()) {
            throw ApiProblem.plain(404, NO_TASKS);
        }
        Object data = call.slim() ? TaskJson.summary(next.get()) : TaskJson.full(next.get(), call.board());
        call.ok(Envelope.data(data).skills().skillsCheck(call.query("skills_version")).build());
    }

    private void claim(Call call) {
        Map<String, Object> body = call.object();
        String identifier = Params.optionalString(body, "identifier");
        String agentName = Params.optionalString(body, "agent_name");
        String skills = Params.optionalString(body, "skills_version");
        ClaimTask command = new ClaimTask(identifier == null || identifier.isEmpty() ? null : identifier,
                agentName == null ? "Unknown" : agentName,
                HookResultJson.parse(HookName.BEFORE_DOING, body.get(HookName.BEFORE_DOING.resultKey())),
                Params.optionalString(body, "claim_token"));
        Claimed claimed = useCases.claims().claim(call.actor(), command);
        Map<String, Object> data = TaskJson.full(claimed.task(), call.board());
        data.put("claim_token", claimed.claimToken());
        call.ok(Envelope.data(data).put("hook", TaskJson.hook(claimed.hook())).skills().skillsCheck(skills).build());
    }

    private void unclaim(Call call) {
        TaskView view = useCases.leases().unclaim(call.actor(), call.ref(), call.param("claim_token"));
        call.ok(Envelope.data(TaskJson.full(view, call.board())).skills().build());
    }

    private void heartbeat(Call call) {
        TaskView view = useCases.leases().heartbeat(call.actor(), call.ref(), call.param("claim_token"));
        Map<String, Object> data = TaskJson.full(view, call.board());
        call.ok(Envelope.data(data).put("claim_expires_at", data.get("claim_expires_at")).skills().build());
    }

    private void complete(Call call) {
        Map<String, Object> body = call.object();
        String skills = Params.optionalString(body, "skills_version");
        boolean slim = call.slim();
        Completed completed = useCases.completion().complete(call.actor(), call.ref(), completions.read(body));
        Object data = slim ? TaskJson.ack(completed.task()) : TaskJson.full(completed.task(), call.board());
        Envelope envelope = Envelope.data(data).put("hooks", TaskJson.hooks(completed.hooks()));
        completed.warnings().forEach(warning -> LOG.warn("completion of {} accepted in grace mode: {}",
                completed.task().task().identifier(), warning));
        call.ok(envelope.skills().skillsCheck(skills).build());
    }

    private void changedFiles(Call call) {
        Object body = call.body();
        Object value;
        String claimToken = call.query("claim_token");
        boolean slim;
        if (body instanceof List<?> bare) {
            value = bare;
            slim = "slim".equals(call.query("response_view"));
        } else if (body instanceof Map<?, ?> map) {
            value = map.get("changed_files");
            slim = call.slim();
            if (map.get("claim_token") instanceof String token) {
                claimToken = token;
            }
        } else {
            throw ApiProblem.invalid("body", "must be a JSON object {\"changed_files\": [...]} or a JSON array");
        }
        ChangedFilesDraft files = changedFiles.read(decoder.decode(value));
        TaskView view = useCases.changedFiles().putChangedFiles(call.actor(), call.ref(), files, claimToken);
        if (slim) {
            call.ok(Envelope.data(TaskJson.ack(view)).build());
        } else {
            call.ok(Envelope.data(TaskJson.full(view, call.board())).skills().build());
        }
    }

    private void review(Call call) {
        Map<String, Object> body = call.object();
        ReviewDecision decision = ReviewDecision.fromWire(Params.optionalString(body, "review_status"),
                Params.optionalString(body, "review_notes"));
        TaskView view = useCases.reviews().review(call.actor(), call.ref(), decision);
        call.ok(Envelope.data(TaskJson.full(view, call.board())).skills().build());
    }

    private void markReviewed(Call call) {
        Map<String, Object> body = call.object();
        Reviewed reviewed = useCases.reviews().markReviewed(call.actor(), call.ref(),
                HookResultJson.parse(HookName.AFTER_REVIEW, body.get(HookName.AFTER_REVIEW.resultKey())),
                Params.optionalString(body, "agent_name"));
        Map<String, Object> data = TaskJson.full(reviewed.task(), call.board());
        if (reviewed.claimToken() != null) {
            data.put("claim_token", reviewed.claimToken());
        }
        Envelope envelope = Envelope.data(data);
        if (!reviewed.hooks().isEmpty()) {
            envelope.put("hooks", TaskJson.hooks(reviewed.hooks()));
        }
        call.ok(envelope.skills().build());
    }

    private void markDone(Call call) {
        call.object();
        TaskView view = useCases.reviews().markDone(call.actor(), call.ref());
        call.ok(Envelope.data(TaskJson.full(view, call.board())).skills().build());
    }
}
