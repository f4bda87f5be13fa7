package dev.tasklane.adapter.web;

import dev.tasklane.adapter.web.view.Card;
import dev.tasklane.adapter.web.view.Link;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.application.port.in.MembersUseCase.Member;
import dev.tasklane.application.port.in.ReadTasksUseCase.TaskListPage;
import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.in.BoardSettingsUseCase;
import dev.tasklane.application.port.in.MembersUseCase;
import dev.tasklane.application.port.in.ReadTasksUseCase;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Claim;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.wip.WipLimits;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads what the board and the task pages show: every task of a board, member names, cards. */
final class BoardData {
    private final ReadTasksUseCase reads;
    private final BoardSettingsUseCase boardSettings;
    private final MembersUseCase identity;
    private final Clock clock;

    BoardData(ReadTasksUseCase reads, BoardSettingsUseCase boardSettings, MembersUseCase identity, Clock clock) {
        this.reads = reads;
        this.boardSettings = boardSettings;
        this.identity = identity;
        this.clock = clock;
    }

    Instant now() {
        return clock.instant();
    }

    /** Every task of the caller's board, in board order, page by page. */
    List<TaskView> allTasks(Actor caller) {
        List<TaskView> all = new ArrayList<>();
        TaskQuery query = TaskQuery.all(caller.board().id());
        while (true) {
            TaskListPage page = reads.list(caller, query);
            all.addAll(page.tasks());
            if (page.nextCursor() == null || page.tasks().isEmpty()) {
                return all;
            }
            query = query.after(page.nextCursor());
        }
    }

    /** The board's WIP limits, for the column headers. */
    WipLimits wipLimits(Actor person, Actor caller) {
        return boardSettings.settings(person, caller.board().id()).wipLimits();
    }

    /** The board's members, by user id, for names and the assignee choices. */
    Map<UserId, User> members(Actor person, long boardId) {
        Map<UserId, User> byId = new HashMap<>();
        for (Member member : identity.members(person, BoardId.of(boardId))) {
            byId.put(member.user().id(), member.user());
        }
        return byId;
    }

    static String name(Map<UserId, User> users, UserId userId) {
        if (userId == null) {
            return null;
        }
        User user = users.get(userId);
        return user == null ? "user #" + userId : user.displayName() == null ? user.username() : user.displayName();
    }

    /** Time left on a live claim, or null. */
    String leaseLeft(Task task) {
        Claim claim = task.claim();
        if (claim == null || task.status() != Status.IN_PROGRESS) {
            return null;
        }
        Instant now = now();
        return claim.expiredAt(now) ? "expired" : Format.duration(Duration.between(now, claim.expiresAt()));
    }

    static String agent(Task task) {
        return task.claim() == null || task.status() == Status.OPEN ? null : task.claim().agentName();
    }

    static String taskHref(long boardId, Task task) {
        return "/boards/" + boardId + "/tasks/" + task.identifier();
    }

    Card card(long boardId, TaskView view, Map<UserId, User> users, Map<TaskId, Task> byId) {
        Task task = view.task();
        Task goal = task.parentId() == null ? null : byId.get(task.parentId());
        return new Card(task.id().value(), task.identifier().toString(), task.spec().title(), task.type().code(),
                task.priority().code(), name(users, task.assignedToId()), agent(task), leaseLeft(task),
                view.blockedBy().stream().map(TaskIdentifier::toString).toList(),
                goal == null ? null : new Link(goal.identifier() + " " + goal.spec().title(), taskHref(boardId, goal), false),
                taskHref(boardId, task), task.review() == null ? null : task.review().status().code());
    }
}
