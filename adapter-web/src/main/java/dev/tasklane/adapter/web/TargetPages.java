package dev.tasklane.adapter.web;

import dev.tasklane.adapter.web.view.Chrome;
import dev.tasklane.adapter.web.view.TargetViews.Item;
import dev.tasklane.adapter.web.view.TargetViews.ListPage;
import dev.tasklane.adapter.web.view.TargetViews.Strip;
import dev.tasklane.adapter.web.view.TargetViews.TargetPage;
import dev.tasklane.adapter.web.view.TargetViews.TaskRow;
import dev.tasklane.application.port.in.CallerUseCase;
import dev.tasklane.application.port.in.Patch;
import dev.tasklane.application.port.in.TargetForecastUseCase;
import dev.tasklane.application.port.in.TargetForecastUseCase.ForecastQuery;
import dev.tasklane.application.port.in.TargetForecastUseCase.ForecastsBusy;
import dev.tasklane.application.port.in.TargetsUseCase;
import dev.tasklane.application.port.in.TargetsUseCase.BurnPoint;
import dev.tasklane.application.port.in.TargetsUseCase.NewTarget;
import dev.tasklane.application.port.in.TargetsUseCase.TargetChange;
import dev.tasklane.application.port.in.TargetsUseCase.TargetDetail;
import dev.tasklane.application.port.in.TargetsUseCase.TargetView;
import dev.tasklane.charts.ChartSpec;
import dev.tasklane.charts.Series;
import dev.tasklane.charts.SvgCharts;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.forecast.Forecast;
import dev.tasklane.domain.targets.Target;
import dev.tasklane.domain.targets.TargetId;
import dev.tasklane.domain.task.Task;
import io.javalin.http.Context;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Delivery targets in the web interface (docs/web.md, "Targets"): the strip on the board, the list with its form,
 * and a target's page with its forecast explained, the what-if, the burn-up against the date and the forecast's
 * distribution. Every number is the use cases', as the API answers it.
 */
final class TargetPages {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("MMM d, HH:mm", Locale.ROOT);
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("MMM d", Locale.ROOT);

    private final Web web;
    private final CallerUseCase identity;
    private final TargetsUseCase targets;
    private final TargetForecastUseCase forecasts;

    TargetPages(Web web, CallerUseCase identity, TargetsUseCase targets, TargetForecastUseCase forecasts) {
        this.web = web;
        this.identity = identity;
        this.targets = targets;
        this.forecasts = forecasts;
    }

    /** The strip of the board's active targets, as HTML; empty when the board has none. */
    String strip(Actor caller) {
        long boardId = caller.board().id().value();
        List<Item> items = targets.list(caller, false).stream().map(view -> item(boardId, view)).toList();
        return items.isEmpty() ? "" : web.fragment("targets_strip.jte", new Strip(items, listHref(boardId)));
    }

    void list(Context ctx) {
        Actor person = web.person(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        long boardId = caller.board().id().value();
        List<Item> items = targets.list(caller, false).stream().map(view -> item(boardId, view)).toList();
        Chrome chrome = web.chrome(ctx, person, "Targets · " + caller.board().name(), caller.board(), "targets");
        web.render(ctx, "targets.jte", new ListPage(chrome, items, caller.canWrite(), "UTC"));
    }

    void create(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        TargetView created = targets.create(caller, new NewTarget(Web.optional(ctx, "name"),
                Web.optional(ctx, "due_date"), Web.optional(ctx, "zone"), identifiers(ctx, "goals"),
                identifiers(ctx, "tasks")));
        web.done(ctx, href(caller.board().id().value(), created.target().id()),
                "Target " + created.target().name() + " is set; its forecast is on its way.");
    }

    void edit(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        TargetId id = TargetId.of(Web.pathId(ctx, "target"));
        TargetView changed = targets.change(caller, id, new TargetChange(Patch.to(Web.optional(ctx, "name")),
                Patch.to(Web.optional(ctx, "due_date")), Patch.to(Web.optional(ctx, "zone")),
                identifiers(ctx, "goals"), identifiers(ctx, "tasks"), List.of(), List.of(), List.of(), List.of()));
        web.done(ctx, href(caller.board().id().value(), id), "Target " + changed.target().name() + " is saved.");
    }

    void archive(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        TargetView archived = targets.archive(caller, TargetId.of(Web.pathId(ctx, "target")));
        web.done(ctx, listHref(caller.board().id().value()), "Target " + archived.target().name() + " is archived.");
    }

    /**
     * A target's page. Its forecast, and the default beside a what-if, are never computed on the request's thread:
     * the page is rendered when they are made, waited for without holding a thread ({@code ctx.future}) up to the
     * server's bound; one still running then is said so, and the page asks the browser to reload it soon.
     */
    void page(Context ctx) {
        Actor person = web.person(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        long boardId = caller.board().id().value();
        TargetId id = TargetId.of(Web.pathId(ctx, "target"));
        TargetDetail detail = targets.detail(caller, id);
        String agents = query(ctx, "agents");
        String reviewers = query(ctx, "reviewers");
        ForecastQuery asked = new ForecastQuery(null, number(agents, "agents"), number(reviewers, "reviewers"), null);
        boolean whatIf = agents != null || reviewers != null;
        CompletableFuture<Optional<Forecast>> forecast;
        CompletableFuture<Optional<Forecast>> baseline;
        try {
            forecast = forecasts.forecastAsync(caller, id, asked);
            baseline = whatIf ? forecasts.forecastAsync(caller, id, ForecastQuery.defaults()) : forecast;
        } catch (InvalidInputException | ForecastsBusy refused) {
            render(ctx, person, caller, detail, Optional.empty(), Optional.empty(), refused.getMessage(), agents,
                    reviewers);
            return;
        }
        Chrome chrome = web.chrome(ctx, person, detail.view().target().name() + " · " + caller.board().name(),
                caller.board(), "targets");
        Runnable answer = () -> render(ctx, chrome, caller, boardId, detail, forecast.join(), baseline.join(), null,
                agents, reviewers);
        if (forecast.isDone() && baseline.isDone()) {
            answer.run();
        } else {
            ctx.future(() -> CompletableFuture.allOf(forecast, baseline).thenRun(answer));
        }
    }

    private void render(Context ctx, Actor person, Actor caller, TargetDetail detail, Optional<Forecast> forecast,
                        Optional<Forecast> baseline, String refusal, String agents, String reviewers) {
        Chrome chrome = web.chrome(ctx, person, detail.view().target().name() + " · " + caller.board().name(),
                caller.board(), "targets");
        render(ctx, chrome, caller, caller.board().id().value(), detail, forecast, baseline, refusal, agents,
                reviewers);
    }

    private void render(Context ctx, Chrome chrome, Actor caller, long boardId, TargetDetail detail,
                        Optional<Forecast> made, Optional<Forecast> madeBaseline, String refused, String agents,
                        String reviewers) {
        Target target = detail.view().target();
        Forecast forecast = made.orElse(null);
        String refusal = refused;
        if (refusal == null && forecast == null) {
            refusal = "The forecast is still running; this page reloads in a few seconds to show it.";
            ctx.header("Refresh", "3");
        }
        Forecast baseline = forecast == null ? null : madeBaseline.orElse(forecast);
        ZoneId zone = target.zone();
        List<TaskRow> rows = new ArrayList<>();
        for (Task task : detail.tasks()) {
            rows.add(new TaskRow(task.identifier().toString(), task.spec().title(), BoardData.taskHref(boardId, task),
                    task.status().columnName()));
        }
        web.render(ctx, "target.jte", new TargetPage(chrome, item(boardId, detail.view()), target.dueDate().toString(),
                zone.getId(), join(target.goals()), join(target.tasks()), lines(forecast, baseline, zone),
                Forecast.ASSUMPTIONS, refusal, agents == null ? "" : agents, reviewers == null ? "" : reviewers,
                burnUp(detail, zone), forecast == null || forecast.distribution().isEmpty() ? null
                        : distribution(forecast, zone), rows, caller.canWrite(), target.isArchived()));
    }

    /** The forecast in sentences: dates, probability, what it was built from, the what-if's move, the other method. */
    private static List<String> lines(Forecast forecast, Forecast baseline, ZoneId zone) {
        List<String> lines = new ArrayList<>();
        if (forecast == null) {
            return lines;
        }
        lines.add("p50 " + when(forecast.p50(), zone) + " · p85 " + when(forecast.p85(), zone) + " · p95 "
                + when(forecast.p95(), zone));
        lines.add(percent(forecast.probabilityByDue()) + " likely by the due date" + (forecast.atRisk()
                ? ": at risk (below " + percent(forecast.threshold()) + ")" : ""));
        Forecast.BasedOn on = forecast.basedOn();
        lines.add("From " + on.tasksSampled() + " tasks finished in the last " + on.windowDays() + " days, "
                + on.agents() + " agents, " + on.reviewers() + " reviewer" + (on.reviewers() == 1 ? "" : "s") + ", "
                + on.openTasks() + " open tasks (" + on.simulated() + " simulated), rework "
                + percent(on.reworkShare()) + "; " + forecast.runs() + " runs of the " + forecast.method().code()
                + ", seed " + on.seed() + ".");
        if (baseline != null && baseline != forecast) {
            lines.add("What if: p85 moves from " + when(baseline.p85(), zone) + " to " + when(forecast.p85(), zone)
                    + ".");
        }
        Forecast other = forecast.alternative();
        if (other != null) {
            lines.add("By " + other.method().code() + ": p85 " + when(other.p85(), zone) + ", "
                    + percent(other.probabilityByDue()) + " likely by the due date.");
        }
        return lines;
    }

    private static String burnUp(TargetDetail detail, ZoneId zone) {
        List<String> labels = new ArrayList<>();
        List<Double> done = new ArrayList<>();
        List<Double> total = new ArrayList<>();
        List<BurnPoint> points = detail.burnUp();
        int step = Math.max(1, points.size() / 300);
        for (int i = 0; i < points.size(); i += step) {
            labels.add(DAY.format(points.get(i).at().atZone(zone)));
            done.add((double) points.get(i).done());
            total.add((double) detail.view().progress().total());
        }
        Target target = detail.view().target();
        labels.add("due " + DAY.format(target.due().atZone(zone)));
        done.add(null);
        total.add((double) detail.view().progress().total());
        String description = "Tasks of " + target.name() + " done over time: " + detail.view().progress().done()
                + " of " + detail.view().progress().total() + " now; due " + when(target.due(), zone) + ".";
        return SvgCharts.lines(new ChartSpec("burn-up-chart", "Burn-up against the due date", description, labels,
                "time", "tasks"), List.of(new Series("done", done), new Series("scope", total)));
    }

    private static String distribution(Forecast forecast, ZoneId zone) {
        List<String> labels = new ArrayList<>();
        List<Double> shares = new ArrayList<>();
        for (Forecast.Share share : forecast.distribution()) {
            labels.add(WHEN.format(share.at().atZone(zone)));
            shares.add(Math.round(share.share() * 1000) / 10.0);
        }
        String description = "Share of " + forecast.runs() + " runs finishing in each period; p85 "
                + when(forecast.p85(), zone) + ", " + percent(forecast.probabilityByDue()) + " by the due date.";
        return SvgCharts.bars(new ChartSpec("forecast-chart", "When the runs finished", description, labels,
                "finished by", "% of runs"), new Series("% of runs", shares));
    }

    private static Item item(long boardId, TargetView view) {
        Target target = view.target();
        long total = view.progress().total();
        int done = total == 0 ? 0 : (int) (100 * view.progress().done() / total);
        int review = total == 0 ? 0 : (int) (100 * view.progress().inReview() / total);
        Forecast forecast = view.forecast();
        String status = forecast != null ? "no date within ten years" : target.isArchived() ? "archived"
                : "forecast on its way";
        return new Item(target.id().value(), target.name(), href(boardId, target.id()), DAY.format(target.dueDate()),
                view.progress().done(), view.progress().inReview(), total, done, review,
                forecast == null || forecast.p85() == null ? null : when(forecast.p85(), target.zone()),
                forecast == null ? "" : percent(forecast.probabilityByDue()), view.atRisk(), status);
    }

    /** A query parameter of the what-if, null when absent or blank. */
    private static String query(Context ctx, String name) {
        String value = ctx.queryParam(name);
        return value == null || value.isBlank() ? null : value.strip();
    }

    private static Integer number(String value, String field) {
        if (value == null) {
            return null;
        }
        try {
            return Integer.valueOf(value);
        } catch (NumberFormatException notANumber) {
            throw new InvalidInputException("invalid_param", field + " must be a whole number",
                    new dev.tasklane.domain.error.ErrorDetails.Field(field));
        }
    }

    private static List<String> identifiers(Context ctx, String field) {
        String value = Web.optional(ctx, field);
        if (value == null) {
            return List.of();
        }
        return Arrays.stream(value.split("[,\\s]+")).filter(s -> !s.isBlank()).limit(Target.MAX_TASKS + 1L).toList();
    }

    private static String join(List<?> identifiers) {
        return String.join(", ", identifiers.stream().map(String::valueOf).toList());
    }

    private static String when(Instant at, ZoneId zone) {
        return at == null ? "not within ten years" : WHEN.format(at.atZone(zone));
    }

    private static String percent(double share) {
        return Math.round(share * 100) + " %";
    }

    static String href(long boardId, TargetId targetId) {
        return "/boards/" + boardId + "/targets/" + targetId;
    }

    static String listHref(long boardId) {
        return "/boards/" + boardId + "/targets";
    }
}
