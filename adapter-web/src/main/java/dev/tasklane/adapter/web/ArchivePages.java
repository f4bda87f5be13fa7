package dev.tasklane.adapter.web;

import dev.tasklane.application.port.in.PartKeys;
import dev.tasklane.adapter.web.view.ArchivePage;
import dev.tasklane.adapter.web.view.ArchiveRow;
import dev.tasklane.adapter.web.view.Chrome;
import dev.tasklane.adapter.web.view.Option;
import dev.tasklane.adapter.web.view.TaskTidy;
import dev.tasklane.application.port.in.ArchiveUseCase.Deleted;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.application.port.in.ReadTasksUseCase.TaskListPage;
import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.in.ArchiveUseCase;
import dev.tasklane.application.port.in.CallerUseCase;
import dev.tasklane.application.port.in.ReadTasksUseCase;
import dev.tasklane.domain.archive.ArchiveRequest;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Archive;
import dev.tasklane.domain.task.ArchiveReason;
import dev.tasklane.domain.task.Task;
import io.javalin.http.Context;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Tidying the board in the browser: the archive page (search, filters, restore, delete) and the archive, restore and
 * delete forms of a task page. The rules are the application's ({@code ArchiveUseCase}); these pages only read forms
 * and show results.
 */
final class ArchivePages {
    private final Web web;
    private final ArchiveUseCase archives;
    private final ReadTasksUseCase reads;
    private final CallerUseCase identity;
    private final BoardData data;

    ArchivePages(Web web, ArchiveUseCase archives, ReadTasksUseCase reads, CallerUseCase identity, BoardData data) {
        this.web = web;
        this.archives = archives;
        this.reads = reads;
        this.identity = identity;
        this.data = data;
    }

    /** The archive panel of a task page. */
    static TaskTidy tidy(Task task, Actor caller) {
        Archive archive = task.archive();
        List<Option> reasons = new ArrayList<>();
        for (ArchiveReason reason : ArchiveReason.values()) {
            reasons.add(new Option(reason.code(), label(reason), false));
        }
        return new TaskTidy(archive != null, archive == null ? null : label(archive.reason()),
                archive == null ? null : archive.note(), archive == null ? null : Format.when(archive.archivedAt()),
                archive == null ? null : archive.duplicateOf(), reasons, caller.canWrite(),
                caller.boardOwner());
    }

    static String label(ArchiveReason reason) {
        return reason == ArchiveReason.WONT_DO ? "Won't do" : Format.label(reason.code());
    }

    /** The bulk form's bounds: archive what is in Done older than N days. */
    static final int MAX_DAYS = 3650;

    void page(Context ctx) {
        Actor person = web.person(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        Filtered filtered = filtered(ctx, person, caller);
        List<Option> reasons = new ArrayList<>();
        for (ArchiveReason each : ArchiveReason.values()) {
            reasons.add(new Option(each.code(), label(each), each.code().equals(filtered.reason())));
        }
        List<Option> assignees = new ArrayList<>();
        assignees.add(new Option("none", "Unassigned", "none".equals(filtered.assignee())));
        filtered.users().values().stream().sorted(Comparator.comparing(User::username)).forEach(user -> assignees.add(
                new Option(Long.toString(user.id().value()), BoardData.name(filtered.users(), user.id()),
                        Long.toString(user.id().value()).equals(filtered.assignee()))));
        Chrome chrome = web.chrome(ctx, person, "Archive · " + caller.board().name(), caller.board(), "archive");
        web.render(ctx, "archive.jte", new ArchivePage(chrome, filtered.rows(), filtered.total(),
                filtered.q() == null ? "" : filtered.q(), reasons, assignees,
                filtered.from() == null ? "" : filtered.from().toString(), filtered.to() == null ? "" : filtered.to().toString(),
                caller.canWrite(), caller.boardOwner(), ctx.queryString() == null ? "" : ctx.queryString()));
    }

    /** The archive as CSV, with the page's filters: one row per archived task. */
    void csv(Context ctx) {
        Actor person = web.person(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        Filtered filtered = filtered(ctx, person, caller);
        StringBuilder out = new StringBuilder("identifier,title,type,reason,note,duplicate_of,goal,assignee,archived_at\r\n");
        for (ArchiveRow row : filtered.rows()) {
            out.append(String.join(",", List.of(cell(row.identifier()), cell(row.title()), cell(row.type()),
                    cell(row.reason()), cell(row.note()), cell(row.duplicateOf()), cell(row.goal()), cell(row.assignee()),
                    cell(row.archivedAt())))).append("\r\n");
        }
        ctx.header("Content-Disposition", "attachment; filename=\"archive-board-" + caller.board().id().value() + ".csv\"");
        ctx.contentType("text/csv; charset=utf-8").result(out.toString());
    }

    /**
     * One CSV cell: quoted when it holds a comma, a quote or a line break; a cell a spreadsheet would read as a formula
     * (starting with =, +, -, @) is prefixed with a quote mark so that it stays text.
     */
    static String cell(String value) {
        if (value == null) {
            return "";
        }
        String text = !value.isEmpty() && "=+-@\t\r".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
        if (text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")) {
            return "\"" + text.replace("\"", "\"\"") + "\"";
        }
        return text;
    }

    /** Archives what has been in Done for more than the days given (the archive page's bulk form). */
    void archiveDone(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        String raw = Web.required(ctx, "days", "The number of days");
        int days;
        try {
            days = Integer.parseInt(raw.strip());
        } catch (NumberFormatException notANumber) {
            days = -1;
        }
        if (days < 1 || days > MAX_DAYS) {
            throw new InvalidInputException("invalid_param", "The number of days must be a whole number from 1 to "
                    + MAX_DAYS, new ErrorDetails.Field("days"));
        }
        List<String> archived = archives.archiveDone(caller,
                data.now().minus(java.time.Duration.ofDays(days)));
        web.done(ctx, "/boards/" + caller.board().id().value() + "/archive", archived.isEmpty()
                ? "Nothing in Done is older than " + days + " days."
                : "Archived " + archived.size() + " task" + (archived.size() == 1 ? "" : "s") + " done more than " + days
                        + " days ago" + (archived.size() >= dev.tasklane.application.port.in.ArchiveUseCase.MAX_BULK
                        ? " (the most one click archives; click again for more)." : "."));
    }

    private record Filtered(List<ArchiveRow> rows, int total, String q, String reason, String assignee, LocalDate from,
                            LocalDate to, Map<UserId, User> users) {
    }

    private Filtered filtered(Context ctx, Actor person, Actor caller) {
        long boardId = caller.board().id().value();
        String q = trimmed(ctx.queryParam("q"));
        String reason = trimmed(ctx.queryParam("reason"));
        String assignee = trimmed(ctx.queryParam("assignee"));
        LocalDate from = date(ctx.queryParam("from"), "from");
        LocalDate to = date(ctx.queryParam("to"), "to");
        List<Task> archived = archivedTasks(caller);
        Map<UserId, User> users = data.members(person, boardId);
        Map<TaskId, Task> goals = new HashMap<>();
        archived.forEach(task -> goals.put(task.id(), task));
        List<ArchiveRow> rows = new ArrayList<>();
        for (Task task : archived) {
            if (!matches(task, q, reason, assignee, from, to)) {
                continue;
            }
            Archive archive = task.archive();
            Task goal = task.parentId() == null ? null : goals.get(task.parentId());
            rows.add(new ArchiveRow(task.identifier().toString(), task.spec().title(), task.type().code(),
                    label(archive.reason()), archive.note(), archive.duplicateOf(),
                    BoardData.name(users, task.assignedToId()), goal == null ? null : goal.identifier().toString(),
                    Format.when(archive.archivedAt()), BoardData.taskHref(boardId, task)));
        }
        return new Filtered(rows, archived.size(), q, reason, assignee, from, to, users);
    }

    /** Every archived task of the board, most recently archived first. */
    private List<Task> archivedTasks(Actor caller) {
        List<Task> all = new ArrayList<>();
        TaskQuery query = TaskQuery.all(caller.board().id()).withArchived(true);
        while (true) {
            TaskListPage page = reads.list(caller, query);
            page.tasks().stream().map(TaskView::task).forEach(all::add);
            if (page.nextCursor() == null || page.tasks().isEmpty()) {
                break;
            }
            query = query.after(page.nextCursor());
        }
        all.sort(Comparator.comparing((Task task) -> task.archive().archivedAt()).reversed()
                .thenComparing(task -> task.identifier().toString()));
        return all;
    }

    private static boolean matches(Task task, String q, String reason, String assignee, LocalDate from, LocalDate to) {
        Archive archive = task.archive();
        if (q != null) {
            String needle = q.toLowerCase(Locale.ROOT);
            boolean found = task.spec().title().toLowerCase(Locale.ROOT).contains(needle)
                    || task.identifier().toString().toLowerCase(Locale.ROOT).equals(needle)
                    || (archive.note() != null && archive.note().toLowerCase(Locale.ROOT).contains(needle));
            if (!found) {
                return false;
            }
        }
        if (reason != null && !archive.reason().code().equals(reason)) {
            return false;
        }
        if (assignee != null && !("none".equals(assignee) ? task.assignedToId() == null
                : String.valueOf(task.assignedToId()).equals(assignee))) {
            return false;
        }
        LocalDate day = archive.archivedAt().atZone(ZoneOffset.UTC).toLocalDate();
        return (from == null || !day.isBefore(from)) && (to == null || !day.isAfter(to));
    }

    void archive(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        ArchiveRequest request = ArchiveRequest.of(Web.optional(ctx, "reason"), Web.optional(ctx, "note"),
                Web.optional(ctx, "duplicate_of"), PartKeys.NAMES);
        TaskView archived = archives.archive(caller, ref(ctx), request);
        web.done(ctx, "/boards/" + caller.board().id().value(),
                archived.task().identifier() + " is archived (" + label(request.reason()) + "). Find it under Archive.");
    }

    void restore(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        TaskView restored = archives.restore(caller, ref(ctx));
        web.done(ctx, BoardData.taskHref(caller.board().id().value(), restored.task()),
                restored.task().identifier() + " is back on the board, in " + restored.task().status().columnName() + ".");
    }

    void delete(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        Deleted deleted = archives.delete(caller, ref(ctx));
        web.done(ctx, "/boards/" + caller.board().id().value(), "Deleted " + String.join(", ", deleted.identifiers()) + ".");
    }

    private static TaskRef ref(Context ctx) {
        return TaskRef.parse(ctx.pathParam("task"));
    }

    private static String trimmed(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    private static LocalDate date(String raw, String field) {
        String value = trimmed(raw);
        if (value == null) {
            return null;
        }
        try {
            return LocalDate.parse(value);
        } catch (DateTimeParseException notADate) {
            throw new InvalidInputException("invalid_param", "The date '" + (value.length() > 20 ? value.substring(0, 20) : value)
                    + "' is not a date: use the form 2026-01-31", new ErrorDetails.Field(field));
        }
    }
}
