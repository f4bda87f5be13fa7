package dev.tasklane.adapter.web;

import dev.tasklane.adapter.web.view.Chrome;
import dev.tasklane.adapter.web.view.FlowViews.AgentRow;
import dev.tasklane.adapter.web.view.FlowViews.AgentsPage;
import dev.tasklane.adapter.web.view.FlowViews.Filters;
import dev.tasklane.adapter.web.view.FlowViews.MetricsPage;
import dev.tasklane.adapter.web.view.FlowViews.Tile;
import dev.tasklane.adapter.web.view.Option;
import dev.tasklane.application.port.in.FlowMetricsUseCase;
import dev.tasklane.application.port.in.FlowMetricsUseCase.Metrics;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.application.port.in.MetricsRequest;
import dev.tasklane.application.port.in.CallerUseCase;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.domain.flow.FlowReport;
import dev.tasklane.domain.flow.FlowReport.AgentFigures;
import dev.tasklane.domain.flow.FlowReport.DurationFigure;
import dev.tasklane.domain.flow.FlowWindow;
import dev.tasklane.domain.flow.TaskFlow;
import io.javalin.http.Context;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The metrics page, its CSV export and the agents page (docs/web.md, "Flow metrics"): every number comes from
 * {@link FlowMetricsUseCase#metrics}, the computation {@code GET /api/metrics} answers too.
 */
final class FlowPages {
    private static final List<String> PARAMS = List.of("window", "from", "to", "tz", "agent");

    private final Web web;
    private final CallerUseCase identity;
    private final FlowMetricsUseCase flow;
    private final BoardData data;
    private final SupervisionPages supervision;

    FlowPages(Web web, CallerUseCase identity, FlowMetricsUseCase flow, BoardData data,
              SupervisionPages supervision) {
        this.web = web;
        this.supervision = supervision;
        this.identity = identity;
        this.flow = flow;
        this.data = data;
    }

    private static String query(Context ctx, String name) {
        String value = ctx.queryParam(name);
        return value == null || value.isBlank() ? null : value.strip();
    }

    private static MetricsRequest request(Context ctx) {
        return new MetricsRequest(query(ctx, "window"), query(ctx, "from"), query(ctx, "to"), query(ctx, "tz"),
                query(ctx, "agent"));
    }

    /** The filters as a query string, to keep them in links. */
    private static String keep(Context ctx) {
        Map<String, String> kept = new LinkedHashMap<>();
        for (String name : PARAMS) {
            String value = query(ctx, name);
            if (value != null) {
                kept.put(name, value);
            }
        }
        return kept.entrySet().stream().map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    void metrics(Context ctx) {
        Actor person = web.person(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        Metrics metrics = flow.metrics(caller, request(ctx));
        FlowReport report = metrics.report();
        long boardId = caller.board().id().value();
        String kept = keep(ctx);
        Filters filters = filters(ctx, metrics, caller);
        String label = report.window().length() + " days, " + report.window().first() + " to " + report.window().last()
                + " (" + report.window().zone().getId() + ")" + (report.agentFilter() == null ? "" : ", agent " + report.agentFilter());
        Chrome chrome = web.chrome(ctx, person, "Metrics · " + caller.board().name(), caller.board(), "metrics");
        web.render(ctx, "metrics.jte", new MetricsPage(chrome, label, filters, tiles(report, metrics), FlowCharts.throughput(report),
                FlowCharts.percentiles(report, "cycle-chart", "Cycle time", FlowReport.DayFigures::cycleP50,
                        FlowReport.DayFigures::cycleP85, report.cycleTime()),
                FlowCharts.percentiles(report, "lead-chart", "Lead time", FlowReport.DayFigures::leadP50,
                        FlowReport.DayFigures::leadP85, report.leadTime()),
                FlowCharts.percentiles(report, "review-chart", "Review wait", FlowReport.DayFigures::reviewWaitP50,
                        FlowReport.DayFigures::reviewWaitP85, report.reviewWait()),
                FlowCharts.cumulativeFlow(report), rows(metrics, boardId, false),
                "/boards/" + boardId + "/metrics.csv" + (kept.isEmpty() ? "" : "?" + kept)));
    }

    private Filters filters(Context ctx, Metrics metrics, Actor caller) {
        String window = query(ctx, "window");
        boolean dates = query(ctx, "from") != null;
        String chosen = dates ? "" : window == null ? FlowWindow.DEFAULT_DAYS + "d" : window;
        List<Option> windows = new ArrayList<>();
        for (int days : FlowWindow.OFFERED_DAYS) {
            windows.add(new Option(days + "d", "Last " + days + " days", chosen.equals(days + "d")));
        }
        if (dates) {
            windows.add(new Option("", "From / to dates below", true));
        }
        String agent = query(ctx, "agent");
        TreeSet<String> names = new TreeSet<>();
        Metrics all = agent == null ? metrics : flow.metrics(caller, new MetricsRequest(window,
                query(ctx, "from"), query(ctx, "to"), query(ctx, "tz"), null));
        all.report().agents().forEach(a -> names.add(a.agent().agentName()));
        List<Option> agents = new ArrayList<>();
        agents.add(new Option("", "All agents", agent == null));
        names.stream().filter(n -> !n.isBlank()).forEach(n -> agents.add(new Option(n, n, n.equals(agent))));
        return new Filters(chosen, query(ctx, "from"), query(ctx, "to"), query(ctx, "tz"), agent, windows, agents, keep(ctx));
    }

    private static List<Tile> tiles(FlowReport report, Metrics metrics) {
        int days = report.window().length();
        long total = report.throughput().total();
        long before = report.throughput().previousTotal();
        long delta = total - before;
        List<Tile> tiles = new ArrayList<>();
        tiles.add(new Tile("throughput", "Throughput", Long.toString(total), "tasks done in " + days + " days",
                (delta >= 0 ? "+" : "−") + Math.abs(delta) + " vs previous " + days + " days (" + before + ")",
                delta > 0 ? "better" : delta < 0 ? "worse" : "same"));
        tiles.add(duration("cycle", "Cycle time p50", report.cycleTime(), days));
        tiles.add(duration("lead", "Lead time p50", report.leadTime(), days));
        tiles.add(duration("review", "Review wait p50", report.reviewWait(), days));
        tiles.add(duration("backlog", "Backlog wait p50", report.backlogWait(), days));
        tiles.add(duration("awaiting", "Awaiting input p50", metrics.awaitingInput().perTask(), days));
        tiles.add(new Tile("rework", "Rework", Long.toString(report.rework().tasksSentBack()),
                "tasks sent back, " + report.rework().timesSentBack() + " times in all", "", ""));
        return tiles;
    }

    private static Tile duration(String id, String label, DurationFigure figure, int days) {
        String value = figure.p50() == null ? "—" : Format.duration(figure.p50());
        String detail = figure.count() == 0 ? "no task finished" : "p85 " + Format.duration(figure.p85()) + " · p95 "
                + Format.duration(figure.p95()) + " · " + figure.count() + " tasks";
        if (figure.p50() == null || figure.previousP50() == null) {
            return new Tile(id, label, value, detail, figure.previousP50() == null ? "no previous " + days + " days to compare"
                    : "", "");
        }
        Duration change = figure.p50().minus(figure.previousP50());
        String sign = change.isNegative() ? "−" : "+";
        return new Tile(id, label, value, detail, sign + Format.duration(change.abs()) + " vs previous " + days + " days ("
                + Format.duration(figure.previousP50()) + ")",
                change.isNegative() ? "better" : change.isZero() ? "same" : "worse");
    }

    private List<AgentRow> rows(Metrics metrics, long boardId, boolean canRelease) {
        Instant now = data.now();
        List<AgentRow> rows = new ArrayList<>();
        for (AgentFigures agent : metrics.report().agents()) {
            String lease = agent.leaseExpiresAt() == null ? "—" : agent.leaseExpiresAt().isAfter(now)
                    ? Format.duration(Duration.between(now, agent.leaseExpiresAt())) : "expired";
            rows.add(new AgentRow(metrics.username(agent.agent().user()),
                    agent.agent().agentName().isBlank() ? "—" : agent.agent().agentName(), agent.state().code(),
                    Format.label(agent.state().code()), agent.done(),
                    agent.cycleP50() == null ? "—" : Format.duration(agent.cycleP50()),
                    agent.reworkRate() == null ? "—" : Math.round(agent.reworkRate() * 100) + " %",
                    agent.currentTask(), agent.currentTask() == null ? null : "/boards/" + boardId + "/tasks/" + agent.currentTask(),
                    lease, agent.lastActivityAt() == null ? "—" : Format.duration(Duration.between(agent.lastActivityAt(), now))
                    + " ago (" + Format.when(agent.lastActivityAt()) + ")",
                    canRelease && agent.state().code().equals("stuck") && agent.currentTask() != null));
        }
        return rows;
    }

    /** The per-task rows behind the figures, as CSV (RFC 4180): one row per task finished in the window. */
    void csv(Context ctx) {
        Actor person = web.person(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        Metrics metrics = flow.metrics(caller, request(ctx));
        FlowReport report = metrics.report();
        StringBuilder csv = new StringBuilder(64 + 160 * report.tasks().size());
        csv.append("identifier,type,created,first_claim,entered_review,review_decision,done,agent,cycle_s,lead_s,review_wait_s\r\n");
        for (TaskFlow task : report.tasks()) {
            String agent = task.agent() == null ? "" : metrics.username(task.agent().user()) + "/" + task.agent().agentName();
            csv.append(cell(task.identifier())).append(',').append(task.type().code()).append(',')
                    .append(time(task.createdAt())).append(',').append(time(task.firstClaimAt())).append(',')
                    .append(time(task.enteredReviewAt())).append(',').append(time(task.reviewDecisionAt())).append(',')
                    .append(time(task.doneAt())).append(',').append(cell(agent)).append(',')
                    .append(task.cycleTime().map(d -> Long.toString(d.toSeconds())).orElse("")).append(',')
                    .append(task.leadTime().map(d -> Long.toString(d.toSeconds())).orElse("")).append(',')
                    .append(task.reviewWait().map(d -> Long.toString(d.toSeconds())).orElse("")).append("\r\n");
        }
        String name = String.format(Locale.ROOT, "tasklane-board-%d-%s-to-%s.csv", caller.board().id().value(),
                report.window().first(), report.window().last());
        ctx.header("Cache-Control", "no-store");
        ctx.header("Content-Disposition", "attachment; filename=\"" + name + "\"");
        ctx.contentType("text/csv; charset=utf-8");
        ctx.result(csv.toString());
    }

    private static String time(Instant instant) {
        return instant == null ? "" : instant.toString();
    }

    /** A CSV field, quoted when it holds a comma, quote or line break; a leading formula character is neutralised. */
    static String cell(String value) {
        String safe = !value.isEmpty() && "=+-@".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
        if (safe.contains(",") || safe.contains("\"") || safe.contains("\n") || safe.contains("\r")) {
            return "\"" + safe.replace("\"", "\"\"") + "\"";
        }
        return safe;
    }

    void agents(Context ctx) {
        Actor person = web.person(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        Metrics metrics = flow.metrics(caller, request(ctx));
        boolean canRelease = caller.canWrite();
        Chrome chrome = web.chrome(ctx, person, "Agents · " + caller.board().name(), caller.board(), "agents");
        web.render(ctx, "agents.jte", new AgentsPage(chrome, rows(metrics, caller.board().id().value(), canRelease),
                canRelease, Format.duration(flow.settings().stuckAfter()),
                supervision.working(person, List.of(caller), "/boards/" + caller.board().id().value() + "/agents")));
    }

    void release(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        TaskView released = flow.releaseStuck(caller, TaskRef.parse(Web.required(ctx, "task", "The task")));
        web.done(ctx, "/boards/" + caller.board().id().value() + "/agents",
                released.task().identifier() + " is back in Ready.");
    }
}
