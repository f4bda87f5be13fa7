package dev.tasklane.simulator;

import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.application.port.out.CandidateQuery;
import dev.tasklane.application.port.out.TaskPage;
import dev.tasklane.application.port.out.TaskReads.LockedGoal;
import dev.tasklane.application.port.out.TaskStore;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.selection.KeyFileHolder;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskType;

import java.time.Instant;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** A task store that hands every call to another; broken stores override the one rule they break. */
abstract class ForwardingTaskStore implements TaskStore {
    private final TaskStore delegate;

    ForwardingTaskStore(TaskStore delegate) {
        this.delegate = delegate;
    }

    @Override
    public Task insert(Task task) {
        return delegate.insert(task);
    }

    @Override
    public Task update(Task task) {
        return delegate.update(task);
    }

    @Override
    public void delete(Task task) {
        delegate.delete(task);
    }

    @Override
    public dev.tasklane.domain.wip.WipLimits wipLimits(dev.tasklane.domain.id.BoardId boardId) {
        return delegate.wipLimits(boardId);
    }

    @Override
    public void putWipLimits(dev.tasklane.domain.id.BoardId boardId, dev.tasklane.domain.wip.WipLimits limits) {
        delegate.putWipLimits(boardId, limits);
    }

    @Override
    public dev.tasklane.domain.comment.Comment insertComment(dev.tasklane.domain.comment.Comment comment) {
        return delegate.insertComment(comment);
    }

    @Override
    public List<dev.tasklane.domain.comment.Comment> comments(dev.tasklane.domain.id.BoardId boardId, TaskId taskId,
                                                              long afterCommentId, int limit) {
        return delegate.comments(boardId, taskId, afterCommentId, limit);
    }

    @Override
    public Optional<dev.tasklane.domain.comment.Comment> comment(dev.tasklane.domain.id.BoardId boardId, long commentId) {
        return delegate.comment(boardId, commentId);
    }

    @Override
    public void deleteComment(dev.tasklane.domain.id.BoardId boardId, long commentId) {
        delegate.deleteComment(boardId, commentId);
    }

    @Override
    public List<String> lockDoing(dev.tasklane.domain.id.BoardId boardId) {
        return delegate.lockDoing(boardId);
    }

    @Override
    public Optional<Task> findById(BoardId boardId, TaskId id) {
        return delegate.findById(boardId, id);
    }

    @Override
    public Optional<Task> findByIdentifier(BoardId boardId, TaskIdentifier identifier) {
        return delegate.findByIdentifier(boardId, identifier);
    }

    @Override
    public Optional<Task> lockById(BoardId boardId, TaskId id) {
        return delegate.lockById(boardId, id);
    }

    @Override
    public Optional<Task> lockByIdentifier(BoardId boardId, TaskIdentifier identifier) {
        return delegate.lockByIdentifier(boardId, identifier);
    }

    @Override
    public long nextIdentifierNumber(BoardId boardId, TaskType type) {
        return delegate.nextIdentifierNumber(boardId, type);
    }

    @Override
    public long nextPosition(BoardId boardId) {
        return delegate.nextPosition(boardId);
    }

    @Override
    public List<Task> children(BoardId boardId, TaskId goalId) {
        return delegate.children(boardId, goalId);
    }

    @Override
    public List<Task> dependents(BoardId boardId, TaskIdentifier identifier) {
        return delegate.dependents(boardId, identifier);
    }

    @Override
    public Map<TaskIdentifier, Status> statuses(BoardId boardId, Collection<TaskIdentifier> identifiers) {
        return delegate.statuses(boardId, identifiers);
    }

    @Override
    public Optional<KeyFileHolder> keyFileHolder(BoardId boardId, String filePath, TaskId exceptTaskId) {
        return delegate.keyFileHolder(boardId, filePath, exceptTaskId);
    }

    @Override
    public void lockKeyFiles(BoardId boardId, Collection<String> filePaths) {
        delegate.lockKeyFiles(boardId, filePaths);
    }

    @Override
    public Iterator<Task> candidates(CandidateQuery query) {
        return delegate.candidates(query);
    }

    @Override
    public Optional<LockedGoal> lockGoal(BoardId boardId, TaskId goalId) {
        return delegate.lockGoal(boardId, goalId);
    }

    @Override
    public Optional<LockedGoal> lockGoalUnlessSiblingHeld(BoardId boardId, TaskId goalId, TaskId exceptChild,
                                                    Set<Status> statuses, Instant now) {
        return delegate.lockGoalUnlessSiblingHeld(boardId, goalId, exceptChild, statuses, now);
    }

    @Override
    public Optional<Task> lockCandidate(CandidateQuery query, TaskId taskId) {
        return delegate.lockCandidate(query, taskId);
    }

    @Override
    public List<Task> expiredClaims(Instant now, int limit) {
        return delegate.expiredClaims(now, limit);
    }

    @Override
    public List<Task> pendingAfterGoals(Instant armedBefore, int limit) {
        return delegate.pendingAfterGoals(armedBefore, limit);
    }

    @Override
    public Map<BoardId, Integer> readyCounts(Collection<BoardId> boards) {
        return delegate.readyCounts(boards);
    }

    @Override
    public TaskPage list(TaskQuery query) {
        return delegate.list(query);
    }

    @Override
    public void appendHistory(HistoryEntry entry) {
        delegate.appendHistory(entry);
    }

    @Override
    public List<HistoryEntry> history(TaskId taskId) {
        return delegate.history(taskId);
    }
}
