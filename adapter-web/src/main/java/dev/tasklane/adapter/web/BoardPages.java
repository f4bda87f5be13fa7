package dev.tasklane.adapter.web;

import dev.tasklane.adapter.web.view.BoardColumn;
import dev.tasklane.adapter.web.view.BoardPage;
import dev.tasklane.adapter.web.view.Card;
import dev.tasklane.adapter.web.view.Chrome;
import dev.tasklane.adapter.web.view.GoalProgress;
import dev.tasklane.adapter.web.view.Option;
import dev.tasklane.adapter.web.view.ReviewQueuePage;
import dev.tasklane.adapter.web.view.ReviewRow;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.application.port.in.CallerUseCase;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskType;
import io.javalin.http.Context;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The board with its filters, its HTML fragment for live refresh, and the review queue. */
final class BoardPages {
    /** The filters, as URL query parameters. */
    static final List<String> FILTERS = List.of("assignee", "type", "priority", "goal", "agent", "q");

    private final Web web;
    private final CallerUseCase identity;
    private final BoardData data;
    private final SupervisionPages supervision;
    private final Function<Actor, String> targetsStrip;

    /** @param targetsStrip the board's targets strip, as HTML ({@code TargetPages}) */
    BoardPages(Web web, CallerUseCase identity, BoardData data, SupervisionPages supervision,
            Function<Actor, String> targetsStrip) {
        this.web = web;
        this.supervision = supervision;
        this.identity = identity;
        this.data = data;
        this.targetsStrip = targetsStrip;
    }

    void board(Context ctx) {
        web.render(ctx, "board.jte", page(ctx));
    }

    void fragment(Context ctx) {
        ctx.header("Cache-Control", "no-store");
        ctx.html(web.fragment("board_columns.jte", page(ctx)));
    }

    private BoardPage page(Context ctx) {
        Actor person = web.person(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        return build(ctx, person, caller, filters(ctx));
    }

    static Map<String, String> filters(Context ctx) {
        Map<String, String> filters = new LinkedHashMap<>();
        for (String name : FILTERS) {
            String value = ctx.queryParam(name);
            if (value != null && !value.isBlank()) {
                filters.put(name, value.strip());
            }
        }
        return filters;
    }

    BoardPage build(Context ctx, Actor person, Actor caller, Map<String, String> filters) {
        long boardId = caller.board().id().value();
        List<TaskView> all = data.allTasks(caller);
        Map<UserId, User> users = data.members(person, boardId);
        Map<TaskId, Task> byId = all.stream().map(TaskView::task).collect(Collectors.toMap(Task::id, Function.identity()));

        Map<TaskId, int[]> progress = new LinkedHashMap<>();
        for (TaskView view : all) {
            Task task = view.task();
            if (task.parentId() != null) {
                int[] counts = progress.computeIfAbsent(task.parentId(), id -> new int[2]);
                counts[1]++;
                if (task.status() == Status.COMPLETED) {
                    counts[0]++;
                }
            }
        }
        List<GoalProgress> goals = new ArrayList<>();
        for (TaskView view : all) {
            Task task = view.task();
            if (task.type() == TaskType.GOAL && task.status() != Status.COMPLETED) {
                int[] counts = progress.getOrDefault(task.id(), new int[2]);
                goals.add(new GoalProgress(task.identifier().toString(), task.spec().title(),
                        BoardData.taskHref(boardId, task), counts[0], counts[1]));
            }
        }

        Map<Status, List<Card>> columns = new EnumMap<>(Status.class);
        for (Status column : Status.values()) {
            columns.put(column, new ArrayList<>());
        }
        int shown = 0;
        for (TaskView view : all) {
            if (matches(view.task(), filters, byId)) {
                columns.get(view.task().status()).add(data.card(boardId, view, users, byId));
                shown++;
            }
        }
        List<BoardColumn> boardColumns = new ArrayList<>();
        Integer doingLimit = data.wipLimits(person, caller).doing();
        int doing = (int) all.stream().filter(view -> view.task().status() == Status.IN_PROGRESS && !view.task().isGoal()).count();
        for (Status column : Status.values()) {
            boolean limited = column == Status.IN_PROGRESS;
            boardColumns.add(new BoardColumn(column.columnName(), column.columnName().toLowerCase(Locale.ROOT), columns.get(column),
                    limited ? doingLimit : null, limited ? doing : columns.get(column).size()));
        }

        Chrome chrome = web.chrome(ctx, person, caller.board().name(), caller.board(), "board");
        return new BoardPage(chrome, boardColumns, goals,
                assigneeOptions(users, filters.get("assignee")),
                enumOptions(TaskType.values(), TaskType::code, filters.get("type")),
                enumOptions(Priority.values(), Priority::code, filters.get("priority")),
                all.stream().map(TaskView::task).filter(t -> t.type() == TaskType.GOAL)
                        .map(t -> new Option(t.identifier().toString(), t.identifier() + " " + t.spec().title(),
                                t.identifier().toString().equals(filters.get("goal"))))
                        .toList(),
                new TreeSet<>(all.stream().map(v -> BoardData.agent(v.task())).filter(Objects::nonNull).toList()).stream()
                        .map(a -> new Option(a, a, a.equals(filters.get("agent")))).toList(),
                filters.getOrDefault("q", ""), query(filters), shown, all.size(), caller.canWrite(),
                people(users), supervision.awaitingInput(caller), targetsStrip.apply(caller));
    }

    private static boolean matches(Task task, Map<String, String> filters, Map<TaskId, Task> byId) {
        String assignee = filters.get("assignee");
        if (assignee != null && !("none".equals(assignee) ? task.assignedToId() == null
                : String.valueOf(task.assignedToId()).equals(assignee))) {
            return false;
        }
        if (filters.containsKey("type") && !task.type().code().equals(filters.get("type"))) {
            return false;
        }
        if (filters.containsKey("priority") && !task.priority().code().equals(filters.get("priority"))) {
            return false;
        }
        String goal = filters.get("goal");
        if (goal != null) {
            Task parent = task.parentId() == null ? null : byId.get(task.parentId());
            boolean isGoal = task.identifier().toString().equals(goal);
            if (!isGoal && (parent == null || !parent.identifier().toString().equals(goal))) {
                return false;
            }
        }
        if (filters.containsKey("agent") && !filters.get("agent").equals(BoardData.agent(task))) {
            return false;
        }
        String text = filters.get("q");
        if (text != null) {
            String needle = text.toLowerCase(Locale.ROOT);
            return task.spec().title().toLowerCase(Locale.ROOT).contains(needle)
                    || task.identifier().toString().toLowerCase(Locale.ROOT).equals(needle);
        }
        return true;
    }

    private static List<Option> assigneeOptions(Map<UserId, User> users, String selected) {
        List<Option> options = new ArrayList<>();
        options.add(new Option("none", "Unassigned", "none".equals(selected)));
        users.values().stream().sorted(Comparator.comparing(User::username))
                .forEach(u -> options.add(new Option(Long.toString(u.id().value()), BoardData.name(users, u.id()),
                        Long.toString(u.id().value()).equals(selected))));
        return options;
    }

    /** The people a goal can be assigned to from the board ("" is nobody). */
    private static List<Option> people(Map<UserId, User> users) {
        List<Option> options = new ArrayList<>();
        options.add(new Option("", "Nobody", false));
        users.values().stream().sorted(Comparator.comparing(User::username))
                .forEach(u -> options.add(new Option(Long.toString(u.id().value()), BoardData.name(users, u.id()), false)));
        return options;
    }

    private static <E> List<Option> enumOptions(E[] values, Function<E, String> wire, String selected) {
        List<Option> options = new ArrayList<>();
        for (E value : values) {
            String name = wire.apply(value);
            options.add(new Option(name, Format.label(name), name.equals(selected)));
        }
        return options;
    }

    static String query(Map<String, String> filters) {
        return filters.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    void reviewQueue(Context ctx) {
        Actor person = web.person(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        List<ReviewRow> rows = reviewRows(person, caller).stream().map(Waiting::row).toList();
        Chrome chrome = web.chrome(ctx, person, "Review queue · " + caller.board().name(), caller.board(), "review");
        web.render(ctx, "review.jte", new ReviewQueuePage(chrome, rows, caller.reviewer()));
    }

    /** A task in Review and since when it waits. */
    record Waiting(Instant since, ReviewRow row) {
    }

    /** The caller's board's tasks in Review, oldest first (the review queue, and the workspace's). */
    List<Waiting> reviewRows(Actor person, Actor caller) {
        long boardId = caller.board().id().value();
        Map<UserId, User> users = data.members(person, boardId);
        Instant now = data.now();
        return data.allTasks(caller).stream().map(TaskView::task)
                .filter(t -> t.status() == Status.REVIEW)
                .sorted(Comparator.comparing(BoardPages::waitingSince).thenComparing(Task::id))
                .map(t -> {
                    int added = 0;
                    int removed = 0;
                    for (var file : Diffs.files(t.changedFiles())) {
                        added += file.added();
                        removed += file.removed();
                    }
                    String agent = t.completion() != null && t.completion().completedByAgent() != null
                            ? t.completion().completedByAgent() : Objects.requireNonNullElse(BoardData.agent(t),
                            Objects.requireNonNullElse(BoardData.name(users, t.assignedToId()), "—"));
                    return new Waiting(waitingSince(t), new ReviewRow(t.identifier().toString(), t.spec().title(),
                            BoardData.taskHref(boardId, t), agent, Format.duration(Duration.between(waitingSince(t), now)),
                            t.changedFiles().size(), added, removed,
                            t.review() == null ? null : t.review().status().code()));
                })
                .toList();
    }

    /** When the task reached Review: its last update while in Review (completion or the last review note). */
    private static Instant waitingSince(Task task) {
        return task.updatedAt();
    }
}
