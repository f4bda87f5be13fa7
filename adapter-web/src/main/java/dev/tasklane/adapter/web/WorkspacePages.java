package dev.tasklane.adapter.web;

import dev.tasklane.adapter.web.view.Chrome;
import dev.tasklane.adapter.web.view.Option;
import dev.tasklane.adapter.web.view.SessionViews.QuestionsPage;
import dev.tasklane.adapter.web.view.WorkspaceViews;
import dev.tasklane.adapter.web.view.WorkspaceViews.BoardFigures;
import dev.tasklane.adapter.web.view.WorkspaceViews.ReviewItem;
import dev.tasklane.application.port.in.FlowMetricsUseCase;
import dev.tasklane.application.port.in.CallerUseCase;
import dev.tasklane.application.port.in.BoardsUseCase;
import dev.tasklane.application.port.in.MetricsRequest;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.flow.FlowReport;
import dev.tasklane.domain.flow.FlowReport.DurationFigure;
import dev.tasklane.domain.flow.FlowWindow;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.identity.Board;
import io.javalin.http.Context;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The workspace (docs/web.md, "Workspace"): the agents, the review queue, the questions queue and the metrics of
 * every board the person belongs to, narrowed by {@code ?board=1,2} (or {@code board=1&board=2}, as the filter form
 * sends it). A board the person does not belong to is not found, as its own pages are.
 */
final class WorkspacePages {
    /** Boards one workspace page reads at most; more in the filter is refused. */
    static final int MAX_BOARDS = 20;

    private final Web web;
    private final CallerUseCase caller;
    private final BoardsUseCase boardAdmin;
    private final BoardPages boards;
    private final SupervisionPages supervision;
    private final FlowMetricsUseCase flow;

    WorkspacePages(Web web, CallerUseCase caller, BoardsUseCase boardAdmin, BoardPages boards,
                   SupervisionPages supervision, FlowMetricsUseCase flow) {
        this.web = web;
        this.caller = caller;
        this.boardAdmin = boardAdmin;
        this.boards = boards;
        this.supervision = supervision;
        this.flow = flow;
    }

    /** The boards the URL names, in the person's order, or all of theirs (the first {@link #MAX_BOARDS}). */
    static List<Board> chosen(Context ctx, List<Board> mine) {
        Set<Long> named = new LinkedHashSet<>();
        for (String value : ctx.queryParams("board")) {
            for (String part : value.split(",", -1)) {
                String id = part.strip();
                if (id.isEmpty()) {
                    continue;
                }
                try {
                    named.add(Long.parseLong(id));
                } catch (NumberFormatException notANumber) {
                    throw new InvalidInputException("invalid_param", "board must list board numbers, such as "
                            + "board=1,2; '" + (id.length() > 20 ? id.substring(0, 20) + "…" : id) + "' is not one",
                            new ErrorDetails.Field("board"));
                }
            }
        }
        if (named.size() > MAX_BOARDS) {
            throw new InvalidInputException("invalid_param", "A workspace page shows at most " + MAX_BOARDS
                    + " boards at once: name fewer in board=", new ErrorDetails.Field("board"));
        }
        if (named.isEmpty()) {
            return mine.stream().limit(MAX_BOARDS).toList();
        }
        Set<Long> own = mine.stream().map(b -> b.id().value()).collect(Collectors.toSet());
        for (long id : named) {
            if (!own.contains(id)) {
                throw new NotFoundException("board_not_found", "Board " + id + " is not one of your boards");
            }
        }
        return mine.stream().filter(b -> named.contains(b.id().value())).toList();
    }

    private record Scope(Actor person, List<Actor> callers, WorkspaceViews frame) {
    }

    private Scope scope(Context ctx, String section, String title) {
        Actor person = web.person(ctx);
        List<Board> mine = boardAdmin.boards(person);
        List<Board> shown = chosen(ctx, mine);
        List<Actor> callers = shown.stream().map(b -> caller.onBoard(person, b.id())).toList();
        Set<BoardId> selected = shown.stream().map(Board::id).collect(Collectors.toSet());
        List<Option> options = mine.stream().map(b -> new Option(Long.toString(b.id().value()), b.name(),
                selected.contains(b.id()))).toList();
        String query = ctx.queryParams("board").isEmpty() ? "" : "board=" + shown.stream()
                .map(b -> Long.toString(b.id().value())).collect(Collectors.joining(","));
        Chrome chrome = web.chrome(ctx, person, title, null, "workspace");
        return new Scope(person, callers, new WorkspaceViews(chrome, options, section, query));
    }

    void agents(Context ctx) {
        Scope scope = scope(ctx, "agents", "Workspace · Agents");
        web.render(ctx, "workspace_agents.jte", new WorkspaceViews.AgentsPage(scope.frame(),
                supervision.working(scope.person(), scope.callers(), scope.frame().href("agents"))));
    }

    void review(Context ctx) {
        Scope scope = scope(ctx, "review", "Workspace · Review queue");
        record Dated(java.time.Instant since, ReviewItem item) {
        }
        List<Dated> all = new ArrayList<>();
        for (Actor caller : scope.callers()) {
            for (BoardPages.Waiting waiting : boards.reviewRows(scope.person(), caller)) {
                all.add(new Dated(waiting.since(), new ReviewItem(caller.board().name(), waiting.row())));
            }
        }
        all.sort(Comparator.comparing(Dated::since));
        web.render(ctx, "workspace_review.jte", new WorkspaceViews.ReviewPage(scope.frame(),
                all.stream().map(Dated::item).toList()));
    }

    void questions(Context ctx) {
        Scope scope = scope(ctx, "questions", "Workspace · Questions");
        web.render(ctx, "questions.jte", new QuestionsPage(scope.frame().chrome(),
                supervision.questionRows(scope.person(), scope.callers()), true, scope.frame().boards(),
                scope.frame().chrome().csrf(), scope.frame().href("questions"), supervision.bodyMax(), null));
    }

    void metrics(Context ctx) {
        Scope scope = scope(ctx, "metrics", "Workspace · Metrics");
        String window = ctx.queryParam("window");
        String chosen = window == null || window.isBlank() ? FlowWindow.DEFAULT_DAYS + "d" : window.strip();
        List<BoardFigures> rows = new ArrayList<>();
        for (Actor caller : scope.callers()) {
            FlowMetricsUseCase.Metrics metrics = flow.metrics(caller, new MetricsRequest(chosen, null, null, null, null));
            FlowReport report = metrics.report();
            rows.add(new BoardFigures(caller.board().name(), "/boards/" + caller.board().id().value()
                    + "/metrics?window=" + chosen, report.throughput().total(), p50(report.cycleTime()),
                    p50(report.leadTime()), p50(report.reviewWait()),
                    p50(metrics.awaitingInput().perTask())));
        }
        List<Option> windows = new ArrayList<>();
        for (int days : FlowWindow.OFFERED_DAYS) {
            windows.add(new Option(days + "d", "Last " + days + " days", chosen.equals(days + "d")));
        }
        web.render(ctx, "workspace_metrics.jte", new WorkspaceViews.MetricsPage(scope.frame(), chosen, windows, rows));
    }

    private static String p50(DurationFigure figure) {
        return figure.p50() == null ? "—" : Format.duration(figure.p50());
    }
}
