package dev.tasklane.adapter.http.routes;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.adapter.http.error.ErrorBody;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.openapi.MayBeNull;
import dev.tasklane.adapter.http.pipeline.Call;
import dev.tasklane.adapter.http.pipeline.Params;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.adapter.http.wire.TaskAnswer.Envelope;
import dev.tasklane.adapter.http.wire.TaskAnswer.WireTime;
import dev.tasklane.application.port.in.Patch;
import dev.tasklane.application.port.in.TargetForecastUseCase;
import dev.tasklane.application.port.in.TargetForecastUseCase.ForecastQuery;
import dev.tasklane.application.port.in.TargetForecastUseCase.ForecastsBusy;
import dev.tasklane.application.port.in.TargetsUseCase;
import dev.tasklane.application.port.in.TargetsUseCase.NewTarget;
import dev.tasklane.application.port.in.TargetsUseCase.TargetChange;
import dev.tasklane.application.port.in.TargetsUseCase.TargetView;
import dev.tasklane.domain.forecast.Forecast;
import dev.tasklane.domain.forecast.ForecastSettings;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.domain.targets.Target;
import dev.tasklane.domain.targets.TargetId;
import io.javalin.http.HandlerType;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import static dev.tasklane.adapter.http.routes.OpenApi.TextSchema.TEXT;

/**
 * Delivery targets and their forecasts (docs/api.md, "Targets"). Reading takes {@code tasks:read}; creating,
 * changing and archiving take {@code tasks:work}, as creating the tasks they group does.
 */
public final class TargetRoutes {
    static final String PATH = "/api/targets";
    static final String FORECAST = "/api/targets/{id}/forecast";
    /** When a 202 asks to come back. */
    static final long RETRY_AFTER_S = 1;

    private final TargetsUseCase targets;
    private final TargetForecastUseCase forecasts;

    public TargetRoutes(TargetsUseCase targets, TargetForecastUseCase forecasts) {
        this.targets = targets;
        this.forecasts = forecasts;
    }

    /** POST /api/targets, as sent. */
    record NewTargetBody(String name, @JsonProperty("due_date") String dueDate, @MayBeNull String zone,
                         @MayBeNull List<String> goals, @MayBeNull List<String> tasks) {
    }

    /** PATCH /api/targets/:id: what is sent changes; goals and tasks replace the scope, add_/remove_ edit it. */
    record TargetPatchBody(String name, @JsonProperty("due_date") String dueDate, @MayBeNull String zone,
                           List<String> goals, List<String> tasks, @JsonProperty("add_goals") List<String> addGoals,
                           @JsonProperty("remove_goals") List<String> removeGoals,
                           @JsonProperty("add_tasks") List<String> addTasks,
                           @JsonProperty("remove_tasks") List<String> removeTasks) {
    }

    /** A target as answered. */
    record TargetAnswer(long id, String name, @JsonProperty("due_date") String dueDate, String zone,
                        @JsonProperty("due_at") String dueAt, List<String> goals, List<String> tasks,
                        ProgressAnswer progress, @JsonProperty("at_risk") boolean atRisk,
                        @MayBeNull ForecastAnswer forecast, @JsonProperty("forecast_fresh") boolean forecastFresh,
                        @MayBeNull @JsonProperty("archived_at") String archivedAt,
                        @JsonProperty("created_at") String createdAt, @JsonProperty("updated_at") String updatedAt) {
    }

    /** Done, in Review (counted apart from done) and in all. */
    record ProgressAnswer(long done, @JsonProperty("in_review") long inReview, long total) {
    }

    /** A forecast as answered; {@code alternative} is the other method's forecast of the same target. */
    record ForecastAnswer(@MayBeNull String p50, @MayBeNull String p85, @MayBeNull String p95,
                          @JsonProperty("due_at") String dueAt,
                          @JsonProperty("probability_by_due") double probabilityByDue,
                          @JsonProperty("at_risk") boolean atRisk, double threshold, int runs, String method,
                          @JsonProperty("based_on") BasedOnAnswer basedOn, List<ShareAnswer> distribution,
                          List<String> assumptions, @MayBeNull ForecastAnswer alternative) {
    }

    /** What a forecast was built from. */
    record BasedOnAnswer(@JsonProperty("window_days") int windowDays, @JsonProperty("tasks_sampled") int tasksSampled,
                         int agents, int reviewers, @JsonProperty("open_tasks") int openTasks, int simulated,
                         @JsonProperty("rework_share") double reworkShare, String source, long seed) {
    }

    /** 202: the forecast still runs; {@code location} (also the header) answers it once made. */
    record RunningAnswer(String status, String message, String location,
                         @JsonProperty("retry_after_seconds") long retryAfterSeconds) {
    }

    /** The share of runs finished in the bucket ending at {@code at}. */
    record ShareAnswer(String at, double share) {
    }

    public List<Route> routes() {
        return List.of(
                Route.needs(Scope.READ, HandlerType.GET, PATH,
                        "The board's delivery targets with progress and forecast (archived=true for all)", this::list),
                Route.needs(Scope.WORK, HandlerType.POST, PATH, "Create a delivery target", this::create),
                Route.needs(Scope.READ, HandlerType.GET, PATH + "/{id}", "A delivery target", this::get),
                Route.needs(Scope.WORK, HandlerType.PATCH, PATH + "/{id}",
                        "Change a target's name, due date, zone or scope", this::change),
                Route.needs(Scope.WORK, HandlerType.POST, PATH + "/{id}/archive", "Archive a delivery target",
                        this::archive),
                Route.needs(Scope.READ, HandlerType.GET, FORECAST,
                        "When the target will be done: p50/p85/p95, probability by due date (runs, agents, "
                                + "reviewers, window); 202 with Location while it runs, 429/503 with Retry-After "
                                + "when the forecast queue is full", this::forecast));
    }

    private void list(Call call) {
        boolean archived = "true".equals(call.query("archived"));
        call.ok(Envelope.data(targets.list(call.actor(), archived).stream().map(TargetRoutes::answer).toList()));
    }

    private void create(Call call) {
        NewTargetBody sent = call.bind(NewTargetBody.class);
        call.respond(201, Envelope.data(answer(targets.create(call.actor(), new NewTarget(sent.name(),
                sent.dueDate(), sent.zone(), sent.goals(), sent.tasks())))));
    }

    private void get(Call call) {
        call.ok(Envelope.data(answer(targets.get(call.actor(), id(call)))));
    }

    private void change(Call call) {
        ObjectNode body = call.object();
        TargetPatchBody sent = call.bind(TargetPatchBody.class);
        TargetChange change = new TargetChange(sent(body, "name", sent.name()), sent(body, "due_date", sent.dueDate()),
                sent(body, "zone", sent.zone()), sent.goals(), sent.tasks(), sent.addGoals(), sent.removeGoals(),
                sent.addTasks(), sent.removeTasks());
        call.ok(Envelope.data(answer(targets.change(call.actor(), id(call), change))));
    }

    private void archive(Call call) {
        call.ok(Envelope.data(answer(targets.archive(call.actor(), id(call)))));
    }

    /**
     * The forecast, never computed on the request's thread: answered at once when it is kept, otherwise waited for
     * without holding a thread ({@code ctx.future}) up to the server's bound, then 202 with where to ask again. A
     * call from another adapter (MCP) is answered at once, 202 while it runs. A full queue answers 429 (the board's
     * cap) or 503 (the server's), with {@code Retry-After}.
     */
    private void forecast(Call call) {
        ForecastQuery query = new ForecastQuery(
                Params.queryInt(call.query("runs"), "runs", 1, ForecastSettings.MAX_RUNS),
                Params.queryInt(call.query("agents"), "agents", 1, ForecastSettings.MAX_AGENTS),
                Params.queryInt(call.query("reviewers"), "reviewers", 1, ForecastSettings.MAX_REVIEWERS),
                call.query("window"));
        TargetId id = id(call);
        CompletableFuture<Optional<Forecast>> running;
        try {
            running = forecasts.forecastAsync(call.actor(), id, query);
        } catch (ForecastsBusy busy) {
            throw busy(busy);
        }
        if (running.isDone() || !call.overHttp()) {
            answer(call, id, running.getNow(Optional.empty()));
            return;
        }
        call.ctx().future(() -> running.thenAccept(forecast -> answer(call, id, forecast)));
    }

    /** 200 with the forecast, or 202 while it still runs: ask again at {@code Location} after {@code Retry-After}. */
    private static void answer(Call call, TargetId id, Optional<Forecast> forecast) {
        if (forecast.isPresent()) {
            call.ok(Envelope.data(answer(forecast.get())));
            return;
        }
        String location = FORECAST.replace("{id}", Long.toString(id.value())) + query(call);
        call.header("Location", location);
        call.header("Retry-After", Long.toString(RETRY_AFTER_S));
        call.respond(202, new RunningAnswer("running", "The forecast is still running; it goes on and is kept: "
                + "ask again at " + location + " in " + RETRY_AFTER_S + " s.", location, RETRY_AFTER_S));
    }

    private static String query(Call call) {
        StringBuilder query = new StringBuilder();
        for (String key : List.of("runs", "agents", "reviewers", "window")) {
            String value = call.query(key);
            if (value != null) {
                query.append(query.length() == 0 ? '?' : '&').append(key).append('=')
                        .append(URLEncoder.encode(value, StandardCharsets.UTF_8));
            }
        }
        return query.toString();
    }

    private static RequestRefused busy(ForecastsBusy busy) {
        int status = busy.reach() == ForecastsBusy.Reach.BOARD ? 429 : 503;
        return new RequestRefused(status, ErrorBody.builder().error(busy.getMessage()).code("forecasts_busy")
                .retryAfterSeconds(busy.retryAfterSeconds()).build(),
                Map.of("Retry-After", Long.toString(busy.retryAfterSeconds())));
    }

    private static Patch<String> sent(ObjectNode body, String key, String value) {
        JsonNode node = body.get(key);
        return node == null ? Patch.unchanged() : Patch.to(value);
    }

    private static TargetId id(Call call) {
        String raw = call.pathId();
        try {
            long id = Long.parseLong(raw);
            if (id > 0) {
                return TargetId.of(id);
            }
        } catch (NumberFormatException notANumber) {
            // answered below
        }
        throw RequestRefused.plain(404, "Target not found: a target's id is a positive number (GET /api/targets)");
    }

    static TargetAnswer answer(TargetView view) {
        Target target = view.target();
        return new TargetAnswer(target.id().value(), target.name(), target.dueDate().toString(), target.zone().getId(),
                WireTime.utc(target.due()), target.goals().stream().map(String::valueOf).toList(),
                target.tasks().stream().map(String::valueOf).toList(),
                new ProgressAnswer(view.progress().done(), view.progress().inReview(), view.progress().total()),
                view.atRisk(), view.forecast() == null ? null : answer(view.forecast()), view.fresh(),
                target.archivedAt() == null ? null : WireTime.utc(target.archivedAt()),
                WireTime.utc(target.createdAt()), WireTime.utc(target.updatedAt()));
    }

    static ForecastAnswer answer(Forecast forecast) {
        List<ShareAnswer> shares = new ArrayList<>();
        forecast.distribution().forEach(share -> shares.add(new ShareAnswer(WireTime.utc(share.at()), share.share())));
        Forecast.BasedOn on = forecast.basedOn();
        return new ForecastAnswer(time(forecast.p50()), time(forecast.p85()), time(forecast.p95()),
                WireTime.utc(forecast.due()), forecast.probabilityByDue(), forecast.atRisk(),
                forecast.threshold(), forecast.runs(), forecast.method().code(),
                new BasedOnAnswer(on.windowDays(), on.tasksSampled(), on.agents(), on.reviewers(), on.openTasks(),
                        on.simulated(), on.reworkShare(), on.source().code(), on.seed()), shares, Forecast.ASSUMPTIONS,
                forecast.alternative() == null ? null : answer(forecast.alternative()));
    }

    private static String time(java.time.Instant at) {
        return at == null ? null : WireTime.utc(at);
    }

    /** The forecast's query parameters, for the OpenAPI document. */
    static List<OpenApi.Parameter> openApiParameters() {
        return List.of(
                OpenApi.Parameter.query("runs", TEXT.pattern("^[0-9]{1,5}$").byDefault("1000"),
                        "Simulated runs, 1 to " + ForecastSettings.MAX_RUNS + "; a bad value answers 422 invalid_param"),
                OpenApi.Parameter.query("agents", TEXT.pattern("^[0-9]{1,4}$"),
                        "What-if: agents working each day instead of the history's (1 to 1000)"),
                OpenApi.Parameter.query("reviewers", TEXT.pattern("^[0-9]{1,4}$"),
                        "What-if: reviewers instead of the history's (1 to 1000)"),
                OpenApi.Parameter.query("window", TEXT.pattern("^[0-9]{1,4}d$").byDefault("30d"),
                        "The history drawn from, as GET /api/metrics takes it (1d to 366d)"));
    }
}
