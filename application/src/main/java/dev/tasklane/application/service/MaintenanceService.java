package dev.tasklane.application.service;

import dev.tasklane.application.port.out.TaskReads;
import dev.tasklane.application.port.out.DueTasks;
import dev.tasklane.application.port.out.ClaimCandidates;
import dev.tasklane.application.port.out.FlowStore;
import dev.tasklane.application.port.out.BoardStore;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.domain.workflow.TaskWorkflow;
import dev.tasklane.application.port.in.MaintenanceUseCase;
import dev.tasklane.domain.goal.AfterGoalLifecycle;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.session.AgentSession;
import dev.tasklane.domain.session.SessionEnd;
import dev.tasklane.domain.task.Task;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The sweeper: returns expired claims to Ready, finishes goals whose after_goal grace window passed, purges events
 * older than the retention period from the outbox, folds the move counts of buckets an hour old, and prunes the
 * audit log's entries older than its retention.
 * Each task is handled in its own transaction and re-checked under its lock, so several servers can sweep
 * at once without doing anything twice.
 */
final class MaintenanceService implements MaintenanceUseCase {
    /** How old a bucket of move counts is when the sweeper folds its rows ({@code FlowStore#compactMoves}). */
    static final Duration COMPACT_AFTER = Duration.ofHours(1);

    private final UseCaseRunner runner;
    private final TaskReads tasks;
    private final DueTasks dueTasks;
    private final ClaimCandidates queue;
    private final FlowStore flows;
    private final BoardStore directory;
    private final EventOutbox outbox;
    private final Duration eventRetention;
    private final GoalSync goals;
    private final TaskWorkflow workflow;
    private final AuditService audit;
    private final AgentSessions sessions;

    MaintenanceService(UseCaseRunner runner, TaskReads tasks, DueTasks dueTasks, ClaimCandidates queue, FlowStore flows,
                       BoardStore directory, EventOutbox outbox,
                       Duration eventRetention, GoalSync goals, TaskWorkflow workflow, AuditService audit,
                       AgentSessions sessions) {
        this.audit = audit;
        this.runner = runner;
        this.tasks = tasks;
        this.dueTasks = dueTasks;
        this.queue = queue;
        this.flows = flows;
        this.directory = directory;
        this.outbox = outbox;
        this.eventRetention = eventRetention;
        this.goals = goals;
        this.workflow = workflow;
        this.sessions = sessions;
    }

    @Override
    public Swept sweep() {
        int expired = drain(changes -> dueTasks.expiredClaims(changes.now(), SWEEP_BATCH), this::releaseExpired);
        Duration grace = workflow.limits().afterGoalGrace();
        int finished = drain(changes -> dueTasks.pendingAfterGoals(changes.now().minus(grace), SWEEP_BATCH),
                goal -> finishPastGrace(goal, grace));
        releaseStopsPastGrace();
        pruneActivities();
        int purged = purgeEvents();
        runner.system(changes -> flows.compactMoves(changes.now().minus(COMPACT_AFTER)));
        return new Swept(expired, finished, purged, audit.prune());
    }

    /**
     * Reads what is due a batch at a time and handles each item in a transaction of its own, batch after batch, until
     * a batch is not full or changes nothing: whatever falls due between two sweeps is handled by the next, however
     * many there are (goals finishing at 35 a second outrun one batch every 10 s). A batch in which nothing changed
     * ends the sweep, so that items left due by a re-check are not read again and again.
     *
     * @return how many items were changed
     */
    private <T> int drain(Function<Changes, List<T>> due, Function<T, Integer> handle) {
        int changed = 0;
        List<T> batch;
        int changedInBatch;
        do {
            batch = runner.system(due);
            changedInBatch = 0;
            for (T item : batch) {
                changedInBatch += handle.apply(item);
            }
            changed += changedInBatch;
        } while (batch.size() == SWEEP_BATCH && changedInBatch > 0);
        return changed;
    }

    /** Returns an expired claim to Ready, re-checked under the task's lock; 1 when it did. */
    private int releaseExpired(Task task) {
        return runner.system(changes -> {
            Task current = tasks.lockById(task.boardId(), task.id()).orElse(null);
            if (current == null || !current.claimExpiredAt(changes.now())) {
                return 0;
            }
            String agent = current.claim().agentName();
            sessions.ended(current, SessionEnd.EXPIRED, changes.now());
            Task released = changes.update(workflow.expire(current, changes.now()),
                    HistoryKind.CLAIM_EXPIRED, null, agent, new HistoryFacts.ClaimExpired(current.claim().expiresAt()));
            goals.childChanged(released, false, changes);
            return 1;
        });
    }

    /** Finishes a goal whose after_goal grace window passed, re-checked under its lock; 1 when it did. */
    private int finishPastGrace(Task goal, Duration grace) {
        return runner.system(changes -> {
            Task current = tasks.lockById(goal.boardId(), goal.id()).orElse(null);
            if (current == null) {
                return 0;
            }
            Task done = AfterGoalLifecycle.graceExpired(current, grace, changes.now());
            if (done == current) {
                return 0;
            }
            changes.update(done, HistoryKind.GOAL_COMPLETED, null, null,
                    new HistoryFacts.GoalCompleted(HistoryFacts.Source.AFTER_GOAL_GRACE));
            return 1;
        });
    }

    @Override
    public Map<BoardId, Integer> readyDepths() {
        return runner.read(changes -> {
            List<BoardId> boards = directory.boards().stream().map(Board::id).toList();
            Map<BoardId, Integer> counts = queue.readyCounts(boards);
            Map<BoardId, Integer> depths = new TreeMap<>(Comparator.comparingLong(BoardId::value));
            for (BoardId board : boards) {
                depths.put(board, counts.getOrDefault(board, 0));
            }
            return depths;
        });
    }

    @Override
    public EventsHeldBack eventsHeldBack() {
        return runner.read(changes -> new EventsHeldBack(outbox.heldBack(), outbox.oldestWriter()));
    }

    /**
     * Releases the claims of holders that did not obey a stop within its grace period: the task goes back to Ready
     * and the session ends, so the old claim_token is stale on every server sharing the store. Each under the task's
     * lock, re-checked: a holder that unclaimed or completed first is left alone.
     */
    int releaseStopsPastGrace() {
        Duration grace = sessions.limits().stopGrace();
        return drain(changes -> sessions.store().stopsDue(changes.now().minus(grace), SWEEP_BATCH),
                stopped -> releaseStopped(stopped, grace));
    }

    private int releaseStopped(AgentSession stopped, Duration grace) {
        return runner.system(changes -> {
            Task current = tasks.lockById(stopped.boardId(), stopped.taskId()).orElse(null);
            AgentSession session = sessions.store().byClaimToken(stopped.taskId(), stopped.claimToken())
                    .filter(AgentSession::isOpen).orElse(null);
            if (session == null || session.stop() == null
                    || session.stop().at().plus(grace).isAfter(changes.now())) {
                return 0;
            }
            sessions.store().save(session.ended(SessionEnd.STOP_GRACE_EXPIRED, changes.now()));
            if (current == null || current.claim() == null
                    || !current.claim().claimToken().equals(session.claimToken())) {
                return 0;
            }
            Task released = workflow.releaseStopped(current, changes.now());
            if (released == current) {
                return 0;
            }
            released = changes.update(released, HistoryKind.UNCLAIMED, null, current.claim().agentName(),
                    HistoryFacts.NONE);
            goals.childChanged(released, false, changes);
            return 1;
        });
    }

    /** Deletes the activity logs of sessions that ended longer ago than the retention; their summaries stay. */
    private void pruneActivities() {
        Duration retention = sessions.limits().retention();
        deleteInBatches(changes -> sessions.store().pruneActivities(changes.now().minus(retention), SWEEP_BATCH));
    }

    /** Deletes the events older than the retention period, a batch per transaction. */
    private int purgeEvents() {
        return deleteInBatches(changes -> outbox.purgeBefore(changes.now().minus(eventRetention), SWEEP_BATCH));
    }

    /**
     * Runs {@code deleteBatch}, a transaction each time, until it deletes fewer than {@link MaintenanceUseCase#SWEEP_BATCH} rows.
     *
     * @return how many rows were deleted
     */
    private int deleteInBatches(Function<Changes, Integer> deleteBatch) {
        int deleted = 0;
        int batch;
        do {
            batch = runner.system(deleteBatch);
            deleted += batch;
        } while (batch == SWEEP_BATCH);
        return deleted;
    }
}
