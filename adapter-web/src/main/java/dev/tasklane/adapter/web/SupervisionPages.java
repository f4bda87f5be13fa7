package dev.tasklane.adapter.web;

import dev.tasklane.adapter.web.view.Chrome;
import dev.tasklane.adapter.web.view.Option;
import dev.tasklane.adapter.web.view.SessionViews.ActivityRow;
import dev.tasklane.adapter.web.view.SessionViews.QuestionRow;
import dev.tasklane.adapter.web.view.SessionViews.QuestionsPage;
import dev.tasklane.adapter.web.view.SessionViews.SessionPanel;
import dev.tasklane.adapter.web.view.SessionViews.StopRow;
import dev.tasklane.adapter.web.view.SessionViews.Working;
import dev.tasklane.adapter.web.view.SessionViews.WorkingRow;
import dev.tasklane.application.port.in.CallerUseCase;
import dev.tasklane.application.port.in.ReadTasksUseCase;
import dev.tasklane.application.port.in.SessionUseCase;
import dev.tasklane.application.port.in.SessionUseCase.NewActivity;
import dev.tasklane.application.port.in.SessionUseCase.SessionView;
import dev.tasklane.application.port.in.SessionUseCase.Supervised;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.in.UpdateTask;
import dev.tasklane.application.port.in.UpdateTaskUseCase;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.session.Activity;
import dev.tasklane.domain.session.ActivityKind;
import dev.tasklane.domain.session.AgentSession;
import dev.tasklane.domain.session.SessionLimits;
import dev.tasklane.domain.session.StopRequest;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.Task;
import io.javalin.http.Context;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Supervising agents in the browser (docs/web.md, "Supervising agents"): a task's live session on its page (its
 * fragment, refreshed by the page's script on the board's {@code task.activity} and {@code task.stop_requested}
 * events), the stop and the answer or instruction forms, the questions queue, the working agents on the agents page
 * and the board's awaiting-input marks. The rules are the application's ({@link SessionUseCase}).
 */
final class SupervisionPages {
    /** Activities the task page shows, newest last. */
    static final int SHOWN_ACTIVITIES = 50;

    private final Web web;
    private final SessionUseCase sessions;
    private final ReadTasksUseCase reads;
    private final CallerUseCase identity;
    private final BoardData data;
    private final SessionLimits limits;
    private final UpdateTaskUseCase update;

    SupervisionPages(Web web, SessionUseCase sessions, ReadTasksUseCase reads, CallerUseCase identity,
                     BoardData data, UpdateTaskUseCase update) {
        this.web = web;
        this.update = update;
        this.sessions = sessions;
        this.reads = reads;
        this.identity = identity;
        this.data = data;
        this.limits = sessions.limits();
    }

    /** The longest answer or instruction, for the forms that send one. */
    int bodyMax() {
        return limits.bodyMax();
    }

    /** Whether the caller may stop, answer and instruct agents on its board. */
    static boolean supervises(Actor caller) {
        return caller.canWrite() && caller.holds(Scope.REVIEW);
    }

    /** The task's session panel; an absent one for a task never claimed. */
    SessionPanel panel(Actor person, Actor caller, Task task) {
        long boardId = caller.board().id().value();
        String base = BoardData.taskHref(boardId, task);
        String csrf = person.session().orElseThrow().csrfToken();
        String events = "/boards/" + boardId + "/events";
        SessionView view;
        try {
            view = sessions.session(caller, new TaskRef.ById(task.id()));
        } catch (NotFoundException never) {
            return new SessionPanel(false, task.identifier().toString(), null, null, null, null, null, null, null, null,
                    null, 0, 0, 0, List.of(), false, supervises(caller), csrf, base, base + "/session", events,
                    limits.bodyMax(), limits.reasonMax());
        }
        Map<UserId, User> users = data.members(person, boardId);
        AgentSession session = view.session();
        List<ActivityRow> rows = sessions.recent(caller, new TaskRef.ById(task.id()),
                Math.min(SHOWN_ACTIVITIES, limits.pageMax())).stream().map(SupervisionPages::row).toList();
        return new SessionPanel(true, view.identifier(), view.state().code(), Format.label(view.state().code()),
                orDash(session.agentName()), orDash(BoardData.name(users, session.holderUserId())),
                Format.when(session.startedAt()), ago(view.lastHeard()), Format.duration(view.awaited()),
                session.end() == null ? null : Format.label(session.end().code()) + " · " + Format.when(session.endedAt()),
                stop(session.stop(), view.stopGraceEndsAt()), session.posted(), session.dropped(), session.questions(),
                rows, session.isOpen(), supervises(caller), csrf, base, base + "/session", events, limits.bodyMax(),
                limits.reasonMax());
    }

    private String ago(Instant when) {
        if (when == null) {
            return "—";
        }
        Duration since = Duration.between(when, data.now());
        return (since.isNegative() ? "just now" : Format.duration(since) + " ago") + " (" + Format.when(when) + ")";
    }

    private static StopRow stop(StopRequest stop, Instant graceEnds) {
        return stop == null ? null : new StopRow(orDash(stop.byUsername()), stop.reason(), Format.when(stop.at()),
                graceEnds == null ? null : Format.when(graceEnds));
    }

    static ActivityRow row(Activity activity) {
        String by = activity.kind().poster() == ActivityKind.Poster.HOLDER && activity.agentName() != null
                ? activity.agentName() : orDash(activity.byUsername());
        String progress = activity.progress() == null ? null : activity.progress().done()
                + (activity.progress().total() == null ? "" : " of " + activity.progress().total());
        return new ActivityRow(activity.id(), activity.kind().code(), Format.label(activity.kind().code()),
                List.of(activity.body().split("\r?\n", -1)), by, Format.when(activity.at()), progress);
    }

    private static String orDash(String value) {
        return value == null || value.isBlank() ? "—" : value;
    }

    /** The panel alone, as HTML, for the task page's live refresh. */
    void fragment(Context ctx) {
        Actor person = web.person(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        Task task = reads.get(caller, TaskRef.parse(ctx.pathParam("task"))).task();
        ctx.header("Cache-Control", "no-store");
        ctx.html(web.fragment("task_session.jte", panel(person, caller, task)));
    }

    /** A person stops the task's working session, with a reason the agent is told. */
    void stop(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        SessionView stopped = sessions.stop(caller, TaskRef.parse(ctx.pathParam("task")), Web.optional(ctx, "reason"));
        web.done(ctx, back(ctx, caller, stopped.identifier()), "Stop sent to " + orDash(stopped.session().agentName())
                + " on " + stopped.identifier() + ": it must unclaim within "
                + Format.duration(limits.stopGrace()) + ", or the server releases the task.");
    }

    /** A person's answer to the agent's question, or an instruction, unasked. */
    void post(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        String kind = Web.optional(ctx, "kind");
        if (!ActivityKind.ANSWER.code().equals(kind) && !ActivityKind.INSTRUCTION.code().equals(kind)) {
            throw new InvalidInputException("invalid_activity_kind", "A person posts an answer or an instruction",
                    new ErrorDetails.Field("kind"));
        }
        String identifier = reads.get(caller, TaskRef.parse(ctx.pathParam("task"))).task().identifier().toString();
        sessions.post(caller, TaskRef.parse(ctx.pathParam("task")),
                new NewActivity(kind, Web.optional(ctx, "body"), null, null, null, null));
        web.done(ctx, back(ctx, caller, identifier), ActivityKind.ANSWER.code().equals(kind)
                ? "Answer sent to the agent on " + identifier + "." : "Instruction sent to the agent on " + identifier + ".");
    }

    /**
     * A person stops the agent and puts its task back in Ready at once, without the grace period; a stuck agent's
     * task is released as the agents page always did, by anyone who may write.
     */
    void release(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        SessionView released = sessions.release(caller, TaskRef.parse(ctx.pathParam("task")),
                Web.optional(ctx, "reason"));
        web.done(ctx, back(ctx, caller, released.identifier()), "Stopped " + orDash(released.session().agentName())
                + " and released " + released.identifier() + ": it is back in Ready.");
    }

    /** Re-prioritises a task from the agents page (its undo is the same form with the old priority). */
    void priority(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        String wire = Web.required(ctx, "priority", "The priority");
        Priority priority = Priority.fromCode(wire).orElseThrow(() -> new InvalidInputException("invalid_param",
                "Choose the priority from the list (critical, high, medium or low)", new ErrorDetails.Field("priority")));
        TaskView changed = update.update(caller, TaskRef.parse(ctx.pathParam("task")),
                UpdateTask.builder().priority(priority).build());
        web.done(ctx, back(ctx, caller, changed.task().identifier().toString()), changed.task().identifier()
                + " has priority " + priority.code() + ".");
    }

    /** Where a form goes back to: the page it names in {@code next} (on this site), else the task's page. */
    private static String back(Context ctx, Actor caller, String identifier) {
        return SafeRedirect.pathOr(Web.optional(ctx, "next"),
                "/boards/" + caller.board().id().value() + "/tasks/" + identifier);
    }

    /** The identifiers of the board's tasks whose session awaits input: the board marks them. */
    Set<String> awaitingInput(Actor caller) {
        Set<String> awaiting = new HashSet<>();
        for (Supervised open : sessions.open(caller)) {
            if (!open.openQuestions().isEmpty() || "awaiting_input".equals(open.view().state().code())) {
                awaiting.add(open.view().identifier());
            }
        }
        return awaiting;
    }

    /** The questions queue of one board. */
    void questions(Context ctx) {
        Actor person = web.person(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        Chrome chrome = web.chrome(ctx, person, "Questions · " + caller.board().name(), caller.board(), "questions");
        long boardId = caller.board().id().value();
        web.render(ctx, "questions.jte", new QuestionsPage(chrome, questionRows(person, List.of(caller)), false,
                List.of(), chrome.csrf(), "/boards/" + boardId + "/questions", limits.bodyMax(),
                "/boards/" + boardId + "/events"));
    }

    /** Every session awaiting input on the callers' boards, the oldest question first. */
    List<QuestionRow> questionRows(Actor person, List<Actor> callers) {
        record Waiting(Instant since, QuestionRow row) {
        }
        List<Waiting> waiting = new ArrayList<>();
        Instant now = data.now();
        for (Actor caller : callers) {
            long boardId = caller.board().id().value();
            Map<UserId, User> users = data.members(person, boardId);
            for (Supervised open : sessions.open(caller)) {
                AgentSession session = open.view().session();
                if (session.awaitingSince() == null) {
                    continue;
                }
                String href = "/boards/" + boardId + "/tasks/" + open.view().identifier();
                waiting.add(new Waiting(session.awaitingSince(), new QuestionRow(caller.board().name(),
                        open.view().identifier(), open.title(), href, orDash(session.agentName()),
                        orDash(BoardData.name(users, session.holderUserId())),
                        Format.duration(Duration.between(session.awaitingSince(), now)),
                        Format.when(session.awaitingSince()),
                        open.openQuestions().stream().map(SupervisionPages::row).toList(), href, supervises(caller))));
            }
        }
        waiting.sort(Comparator.comparing(Waiting::since).thenComparing(w -> w.row().identifier()));
        return waiting.stream().map(Waiting::row).toList();
    }

    /** The working agents' section of the agents page, for the callers' boards. */
    Working working(Actor person, List<Actor> callers, String here) {
        List<WorkingRow> rows = new ArrayList<>();
        for (Actor caller : callers) {
            long boardId = caller.board().id().value();
            Map<UserId, User> users = data.members(person, boardId);
            boolean supervises = supervises(caller);
            List<Option> people = new ArrayList<>();
            users.values().stream().sorted(Comparator.comparing(User::username)).forEach(u -> people.add(
                    new Option(Long.toString(u.id().value()), BoardData.name(users, u.id()), false)));
            for (Supervised open : sessions.open(caller)) {
                SessionView view = open.view();
                AgentSession session = view.session();
                String href = "/boards/" + boardId + "/tasks/" + view.identifier();
                String priority = reads.get(caller, new TaskRef.ById(session.taskId())).task().priority().code();
                List<Option> priorities = new ArrayList<>();
                for (Priority p : Priority.values()) {
                    priorities.add(new Option(p.code(), Format.label(p.code()), p.code().equals(priority)));
                }
                rows.add(new WorkingRow(caller.board().name(), view.identifier(), open.title(), href,
                        orDash(session.agentName()), orDash(BoardData.name(users, session.holderUserId())),
                        view.state().code(), Format.label(view.state().code()),
                        open.openQuestions().isEmpty() ? null : open.openQuestions().get(0).body(), ago(view.lastHeard()),
                        Format.when(session.startedAt()), href, supervises, supervises && session.stop() == null,
                        priority, priorities, people.stream().map(o -> new Option(o.value(), o.label(),
                        o.value().equals(Long.toString(session.holderUserId().value())))).toList()));
            }
        }
        return new Working(rows, person.session().orElseThrow().csrfToken(), here, limits.reasonMax());
    }
}
