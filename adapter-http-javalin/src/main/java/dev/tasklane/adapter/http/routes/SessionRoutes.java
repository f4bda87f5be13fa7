package dev.tasklane.adapter.http.routes;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.pipeline.Call;
import dev.tasklane.adapter.http.pipeline.Params;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.adapter.http.wire.BodyChecks;
import dev.tasklane.adapter.http.wire.TaskAnswer.Envelope;
import dev.tasklane.adapter.http.wire.TaskAnswer.WireTime;
import dev.tasklane.application.port.in.SessionUseCase;
import dev.tasklane.application.port.in.SessionUseCase.ActivityPage;
import dev.tasklane.application.port.in.SessionUseCase.NewActivity;
import dev.tasklane.application.port.in.SessionUseCase.SessionView;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.domain.session.Activity;
import dev.tasklane.domain.session.AgentSession;
import dev.tasklane.domain.session.SessionLimits;
import io.javalin.http.HandlerType;

import java.time.Duration;
import java.util.List;

/**
 * Agent sessions (docs/api.md, "Sessions"): a task's session, its activity log (paged, or waited on with
 * {@code wait}), posting to it, and a person's stop. Access is the use cases' (the holder's claim_token, a person's
 * {@code tasks:review}); the routes read and answer.
 */
public final class SessionRoutes {
    /** Activities per page unless {@code limit} says otherwise. */
    static final int DEFAULT_PAGE = 50;

    private static final BodyChecks ACTIVITY = BodyChecks.of(
            BodyChecks.string("kind", "must be a string: the activity's kind"),
            BodyChecks.string("body", "must be a string: the activity's text"),
            BodyChecks.string("claim_token", "must be a string: the claim_token your claim answered"),
            BodyChecks.string("agent_name", "must be a string"));
    private static final BodyChecks STOP = BodyChecks.of(
            BodyChecks.string("reason", "must be a string: why the agent is stopped, which it is told"));

    private final SessionUseCase sessions;

    public SessionRoutes(SessionUseCase sessions) {
        this.sessions = sessions;
    }

    /** POST /api/tasks/:id/activities, as sent. */
    record ActivityRequest(@JsonProperty("claim_token") String claimToken, String kind, String body, JsonNode progress,
                           @JsonProperty("agent_name") String agentName) {
    }

    /** POST /api/tasks/:id/stop. */
    record StopRequestBody(String reason) {
    }

    /** An activity as answered. */
    record ActivityAnswer(long id, String kind, String body, ProgressAnswer progress, By by, String at) {
    }

    record ProgressAnswer(long done, Long total) {
    }

    /** Who posted an activity: the user's name, and the agent's name for the holder's kinds. */
    record By(String user, @JsonProperty("user_id") UserId userId, @JsonProperty("agent_name") String agentName) {
    }

    /** A page of the log, oldest first; {@code next_after} is the {@code after} of the next call. */
    record ActivityList(List<ActivityAnswer> data, @JsonProperty("next_after") long nextAfter) {
    }

    /** A session as answered. */
    record SessionAnswer(long id, String task, String state, @JsonProperty("agent_name") String agentName,
                         @JsonProperty("holder_user_id") UserId holderUserId,
                         @JsonProperty("started_at") String startedAt,
                         @JsonProperty("last_heard_at") String lastHeardAt,
                         @JsonProperty("awaiting_input_since") String awaitingInputSince,
                         @JsonProperty("awaited_input_seconds") long awaitedInputSeconds,
                         @JsonProperty("stop_requested") StopAnswer stopRequested,
                         @JsonProperty("ended_at") String endedAt, String end, Counts counts) {
    }

    /** A stop: who (username, user id), why, when, and when its grace period ends (null once the session ended). */
    record StopAnswer(String by, @JsonProperty("by_user_id") UserId byUserId, String reason, String at,
                      @JsonProperty("grace_ends_at") String graceEndsAt) {
    }

    /** Activities posted, dropped from the log to keep it within its cap, and questions among them. */
    record Counts(long activities, long dropped, long questions, long kept) {
    }

    public List<Route> routes() {
        return List.of(
                Route.needs(Scope.READ, HandlerType.GET, "/api/tasks/{id}/session",
                        "The task's agent session: its state, a stop, its counts", this::session),
                Route.needs(Scope.READ, HandlerType.GET, "/api/tasks/{id}/activities",
                        "The session's activities, oldest first (after, limit, wait up to 30 s)", this::activities),
                Route.needs(Scope.WORK, HandlerType.POST, "/api/tasks/{id}/activities",
                        "Post an activity: the holder's (with claim_token) or a person's answer or instruction",
                        this::post),
                Route.needs(Scope.REVIEW, HandlerType.POST, "/api/tasks/{id}/stop",
                        "Stop the agent working on the task, with a reason", this::stop),
                Route.needs(Scope.REVIEW, HandlerType.POST, "/api/tasks/{id}/release",
                        "Stop the agent and put its task back in Ready at once, with a reason", this::release));
    }

    private void session(Call call) {
        call.ok(Envelope.data(answer(sessions.session(call.actor(), call.ref()))));
    }

    private void activities(Call call) {
        Integer limit = Params.queryInt(call.query("limit"), "limit", 1, SessionLimits.DEFAULT_PAGE_MAX);
        Integer wait = Params.queryInt(call.query("wait"), "wait", 0, (int) SessionLimits.MAX_WAIT.toSeconds());
        ActivityPage page = sessions.activities(call.actor(), call.ref(), AfterParam.of(call.query("after"), "an activity"),
                limit == null ? DEFAULT_PAGE : limit, wait == null ? Duration.ZERO : Duration.ofSeconds(wait));
        call.ok(new ActivityList(page.activities().stream().map(SessionRoutes::answer).toList(), page.nextAfter()));
    }

    private void post(Call call) {
        ActivityRequest sent = call.bind(ACTIVITY, ActivityRequest.class);
        Long done = null;
        Long total = null;
        if (sent.progress() != null && !sent.progress().isNull()) {
            if (!(sent.progress() instanceof ObjectNode progress)) {
                throw RequestRefused.invalid("progress", "must be an object: {\"done\": n, \"total\": m}");
            }
            done = number(progress.get("done"), "progress.done");
            total = number(progress.get("total"), "progress.total");
        }
        Activity posted = sessions.post(call.actor(), call.ref(), new NewActivity(sent.kind(), sent.body(),
                sent.claimToken(), done, total, sent.agentName()));
        call.respond(201, Envelope.data(answer(posted)));
    }

    private void stop(Call call) {
        StopRequestBody sent = call.bind(STOP, StopRequestBody.class);
        call.ok(Envelope.data(answer(sessions.stop(call.actor(), call.ref(), sent.reason()))));
    }

    private void release(Call call) {
        StopRequestBody sent = call.bind(STOP, StopRequestBody.class);
        call.ok(Envelope.data(answer(sessions.release(call.actor(), call.ref(), sent.reason()))));
    }

    private static Long number(JsonNode value, String field) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw RequestRefused.invalid(field, "must be a whole number");
        }
        return value.longValue();
    }


    static ActivityAnswer answer(Activity activity) {
        return new ActivityAnswer(activity.id(), activity.kind().code(), activity.body(),
                activity.progress() == null ? null
                        : new ProgressAnswer(activity.progress().done(), activity.progress().total()),
                new By(activity.byUsername(), activity.byUserId(), activity.agentName()), WireTime.utc(activity.at()));
    }

    static SessionAnswer answer(SessionView view) {
        AgentSession session = view.session();
        StopAnswer stop = session.stop() == null ? null : new StopAnswer(
                session.stop().byUsername(), session.stop().byUserId(), session.stop().reason(),
                WireTime.utc(session.stop().at()), view.stopGraceEndsAt() == null ? null
                : WireTime.utc(view.stopGraceEndsAt()));
        return new SessionAnswer(session.id(), view.identifier(), view.state().code(), session.agentName(),
                session.holderUserId(), WireTime.utc(session.startedAt()),
                view.lastHeard() == null ? null : WireTime.utc(view.lastHeard()),
                session.awaitingSince() == null ? null : WireTime.utc(session.awaitingSince()),
                view.awaited().toSeconds(), stop,
                session.endedAt() == null ? null : WireTime.utc(session.endedAt()),
                session.end() == null ? null : session.end().code(),
                new Counts(session.posted(), session.dropped(), session.questions(), session.kept()));
    }
}
