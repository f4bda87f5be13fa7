package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.CandidateQuery;
import dev.tasklane.application.port.out.ConcurrentUpdateException;
import dev.tasklane.application.port.out.TaskPage;
import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.application.port.out.FlowStore;
import dev.tasklane.application.port.out.TaskReads.LockedGoal;
import dev.tasklane.application.port.out.TaskStore;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.comment.Comment;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.selection.KeyFileHolder;
import dev.tasklane.domain.selection.TaskOrder;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.wip.WipLimits;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The task store in memory, indexed so that {@link #candidates} reaches the first claimable task at a cost
 * that does not depend on the number of Ready tasks. See {@code docs/in-memory-store.md}.
 *
 * <p>Every index is derived from the stored tasks by one pair of methods ({@code indexState} and
 * {@code unindexState}); a write, and the rollback of a write, both go through {@code replace}, so the indexes
 * cannot drift from the data. Every public method runs in a transaction of the shared
 * {@link InMemoryTransactions} (joining the caller's when there is one).
 */
public final class InMemoryTaskStore implements TaskStore {
    private static final Comparator<Task> BY_POSITION =
            Comparator.comparingLong(Task::position).thenComparingLong(task -> task.id().value());
    private static final Comparator<Task> BY_ARMED =
            Comparator.comparing((Task t) -> t.afterGoal().armedAt()).thenComparingLong(task -> task.id().value());

    /**
     * Room a task's history starts with: created, claimed, completed and the goal's derived change cover most
     * tasks, where a default list would reserve ten slots for every task.
     */
    private static final int HISTORY_CAPACITY = 4;

    private final InMemoryTransactions transactions;
    private final IdTable<Task> tasks = new IdTable<>();
    /** Concurrent: units of work that only read share the store lock, and a first read of a board adds its entry. */
    private final Map<Long, BoardIndex> boards = new ConcurrentHashMap<>();
    /** Each task's history, in its id's slot: no boxed key and no hash node per task (docs/in-memory-store.md, "Memory"). */
    private final IdTable<List<HistoryEntry>> histories = new IdTable<>();
    private final NavigableSet<Task> claimsByExpiry = new ConcurrentSkipListSet<>(BoardIndex.BY_EXPIRY);
    private final NavigableSet<Task> pendingAfterGoals = new ConcurrentSkipListSet<>(BY_ARMED);
    private final AtomicLong lastId = new AtomicLong();
    /** Every comment by id; a task's comments are read in id order (docs/in-memory-store.md). */
    private final java.util.concurrent.ConcurrentSkipListMap<Long, Comment> comments = new java.util.concurrent.ConcurrentSkipListMap<>();
    private final AtomicLong lastCommentId = new AtomicLong();
    private final CandidateMeter meter = new CandidateMeter();
    private final InMemoryFlowStore flows;

    public InMemoryTaskStore(InMemoryTransactions transactions) {
        this.transactions = Objects.requireNonNull(transactions, "transactions");
        this.flows = new InMemoryFlowStore(transactions);
    }

    /** The flow rollup, journaled in the same transactions as the tasks (docs/rules.md, "Flow metrics"). */
    @Override
    public FlowStore flows() {
        return flows;
    }

    @Override
    public Task insert(Task task) {
        if (!task.id().equals(TaskId.UNASSIGNED)) {
            throw new IllegalArgumentException("a new task has id 0, got " + task.id());
        }
        return inTx(() -> {
            BoardIndex board = board(task.boardId());
            TaskIdentifier identifier = task.identifier();
            if (board.idByIdentifier.containsKey(identifier)) {
                throw new ConflictException("duplicate_identifier",
                        "Identifier " + identifier + " already exists on board " + task.boardId() + ".");
            }
            Task stored = task.withId(TaskId.of(lastId.incrementAndGet()));
            raiseCounters(board, stored);
            transactions.onRollback(() -> replace(stored, null));
            replace(null, stored);
            return stored;
        });
    }

    @Override
    public Task update(Task task) {
        return inTx(() -> {
            Task stored = tasks.get(task.id().value());
            if (stored == null || !stored.boardId().equals(task.boardId())) {
                throw new NotFoundException("task_not_found", "Task " + task.id() + " does not exist on this board.");
            }
            if (stored.version() != task.version()) {
                throw new ConcurrentUpdateException(task.id(), task.version());
            }
            if (!stored.identifier().equals(task.identifier())) {
                throw new IllegalArgumentException("a task keeps its identifier");
            }
            Task next = task.withVersion(stored.version() + 1);
            raiseCounters(board(next.boardId()), next);
            transactions.onRollback(() -> replace(next, stored));
            replace(stored, next);
            return next;
        });
    }

    @Override
    public void delete(Task task) {
        inTx(() -> {
            Task stored = tasks.get(task.id().value());
            if (stored == null || !stored.boardId().equals(task.boardId())) {
                throw new NotFoundException("task_not_found", "Task " + task.id() + " does not exist on this board.");
            }
            if (stored.version() != task.version()) {
                throw new ConcurrentUpdateException(task.id(), task.version());
            }
            transactions.onRollback(() -> replace(null, stored));
            replace(stored, null);
            for (Comment comment : List.copyOf(comments.values())) {
                if (comment.taskId().equals(stored.id())) {
                    comments.remove(comment.commentId());
                    transactions.onRollback(() -> comments.put(comment.commentId(), comment));
                }
            }
            return null;
        });
    }

    @Override
    public Optional<Task> findById(BoardId boardId, TaskId id) {
        return inTx(() -> Optional.ofNullable(tasks.get(id.value())).filter(task -> task.boardId().equals(boardId)));
    }

    @Override
    public Optional<Task> findByIdentifier(BoardId boardId, TaskIdentifier identifier) {
        return inTx(() -> Optional.ofNullable(board(boardId).idByIdentifier.get(identifier)).map(tasks::get));
    }

    /** The store lock already serialises every transaction, so the row lock is the plain read. */
    @Override
    public Optional<Task> lockById(BoardId boardId, TaskId id) {
        return findById(boardId, id);
    }

    /**
     * The store lock already serialises every transaction, so locking the goal costs nothing and holding a sibling
     * would gain nothing: the goal, as {@link #lockById}, without a walk over its children.
     */
    @Override
    public Optional<LockedGoal> lockGoalUnlessSiblingHeld(BoardId boardId, TaskId goalId, TaskId exceptChild,
                                                          Set<Status> statuses, Instant now) {
        return lockGoal(boardId, goalId);
    }

    /** The store lock serialises every transaction: the goal as {@link #lockById}, with {@link #childStatuses}. */
    @Override
    public Optional<LockedGoal> lockGoal(BoardId boardId, TaskId goalId) {
        return lockById(boardId, goalId).map(goal -> new LockedGoal(goal, childStatuses(boardId, goalId)));
    }

    /** The store lock already serialises every transaction, so the row lock is the plain read. */
    @Override
    public Optional<Task> lockByIdentifier(BoardId boardId, TaskIdentifier identifier) {
        return findByIdentifier(boardId, identifier);
    }

    /** The store lock is held for the caller's whole transaction: the task only has to be still claimable. */
    @Override
    public Optional<Task> lockCandidate(CandidateQuery query, TaskId taskId) {
        return findById(query.boardId(), taskId)
                .filter(task -> !task.isArchived())
                .filter(task -> task.status() == Status.OPEN || task.claimExpiredAt(query.now()));
    }

    @Override
    public long nextIdentifierNumber(BoardId boardId, TaskType type) {
        return inTx(() -> {
            BoardIndex board = board(boardId);
            long previous = board.lastIdentifierNumber.getOrDefault(type, 0L);
            transactions.onRollback(() -> board.lastIdentifierNumber.put(type, previous));
            board.lastIdentifierNumber.put(type, previous + 1);
            return previous + 1;
        });
    }

    @Override
    public long nextPosition(BoardId boardId) {
        return inTx(() -> {
            BoardIndex board = board(boardId);
            long previous = board.lastPosition;
            transactions.onRollback(() -> board.lastPosition = previous);
            board.lastPosition = previous + 1;
            return board.lastPosition;
        });
    }

    @Override
    public List<Task> children(BoardId boardId, TaskId goalId) {
        return inTx(() -> tasksOf(board(boardId).childrenByParent.get(goalId.value()), BY_POSITION));
    }

    /** Read from the per-goal status counts that every write keeps: no walk over the children. */
    private Set<Status> childStatuses(BoardId boardId, TaskId goalId) {
        return inTx(() -> {
            Set<Status> seen = EnumSet.noneOf(Status.class);
            int[] counts = board(boardId).childStatusCounts.get(goalId.value());
            if (counts != null) {
                for (Status status : Status.values()) {
                    if (counts[status.ordinal()] > 0) {
                        seen.add(status);
                    }
                }
            }
            return seen;
        });
    }

    @Override
    public List<Task> dependents(BoardId boardId, TaskIdentifier identifier) {
        return inTx(() -> tasksOf(board(boardId).dependentsByIdentifier.get(identifier), BY_POSITION));
    }

    @Override
    public Map<TaskIdentifier, Status> statuses(BoardId boardId, Collection<TaskIdentifier> identifiers) {
        return inTx(() -> {
            BoardIndex board = board(boardId);
            Map<TaskIdentifier, Status> statuses = new LinkedHashMap<>();
            for (TaskIdentifier identifier : identifiers) {
                Long id = board.idByIdentifier.get(identifier);
                if (id != null) {
                    statuses.put(identifier, tasks.get(id).status());
                }
            }
            return statuses;
        });
    }

    @Override
    public Optional<KeyFileHolder> keyFileHolder(BoardId boardId, String filePath, TaskId exceptTaskId) {
        return inTx(() -> {
            NavigableSet<Long> holders = board(boardId).holdersByKeyFile.get(filePath);
            if (holders == null) {
                return Optional.empty();
            }
            for (long id : holders) {
                if (id != exceptTaskId.value()) {
                    Task holder = tasks.get(id);
                    return Optional.of(new KeyFileHolder(filePath, holder.identifier(),
                            holder.claim() == null ? null : holder.claim().agentName()));
                }
            }
            return Optional.empty();
        });
    }

    /** The store lock already serialises every transaction, so key files need no lock of their own. */
    @Override
    public void lockKeyFiles(BoardId boardId, Collection<String> filePaths) {
        // nothing to do: see above
    }

    /**
     * Merges, lazily and in {@link TaskOrder#NEXT} order, the ready partitions the caller may take from and
     * the board's expired claims the caller may take over.
     */
    @Override
    public Iterator<Task> candidates(CandidateQuery query) {
        return inTx(() -> {
            BoardIndex board = board(query.boardId());
            int callerMask = Capabilities.mask(query.capabilities());
            List<Iterable<Task>> sources = new ArrayList<>(board.ready.partitionsFor(query.userId().value(), callerMask));
            sources.add(expiredFor(board, query, callerMask));
            return new CandidateIterator(sources, this::isCurrent, meter);
        });
    }

    @Override
    public Map<BoardId, Integer> readyCounts(Collection<BoardId> boardIds) {
        return inTx(() -> {
            Map<BoardId, Integer> counts = new HashMap<>();
            for (BoardId boardId : boardIds) {
                BoardIndex board = boards.get(boardId.value());
                if (board != null && board.readyTasks > 0) {
                    counts.put(boardId, board.readyTasks);
                }
            }
            return counts;
        });
    }

    @Override
    public List<Task> expiredClaims(Instant now, int limit) {
        return inTx(() -> claimsByExpiry.stream()
                .takeWhile(task -> task.claim().expiredAt(now))
                .limit(Math.max(0, limit))
                .toList());
    }

    @Override
    public List<Task> pendingAfterGoals(Instant armedBefore, int limit) {
        return inTx(() -> pendingAfterGoals.stream()
                .takeWhile(goal -> !goal.afterGoal().armedAt().isAfter(armedBefore))
                .limit(Math.max(0, limit))
                .toList());
    }

    @Override
    public TaskPage list(TaskQuery query) {
        return inTx(() -> TaskListing.page(query, tasksOf(board(query.boardId()).idByIdentifier.values(), BY_POSITION)));
    }

    @Override
    public WipLimits wipLimits(BoardId boardId) {
        return inTx(() -> board(boardId).wipLimits);
    }

    @Override
    public void putWipLimits(BoardId boardId, WipLimits limits) {
        inTx(() -> {
            BoardIndex board = board(boardId);
            WipLimits previous = board.wipLimits;
            transactions.onRollback(() -> board.wipLimits = previous);
            board.wipLimits = Objects.requireNonNull(limits, "limits");
            return null;
        });
    }

    /** The store lock already serialises every transaction; Doing is the board's live and expired claims. */
    @Override
    public List<String> lockDoing(BoardId boardId) {
        return inTx(() -> board(boardId).claimsByExpiry.stream()
                .filter(task -> task.status() == Status.IN_PROGRESS && !task.isGoal() && !task.isArchived())
                .sorted(Comparator.comparingLong(task -> task.id().value()))
                .map(task -> task.identifier().toString())
                .toList());
    }

    @Override
    public Comment insertComment(Comment comment) {
        return inTx(() -> {
            Comment stored = comment.withCommentId(lastCommentId.incrementAndGet());
            transactions.onRollback(() -> comments.remove(stored.commentId()));
            comments.put(stored.commentId(), stored);
            return stored;
        });
    }

    @Override
    public List<Comment> comments(BoardId boardId, TaskId taskId, long afterCommentId, int limit) {
        return inTx(() -> comments.tailMap(afterCommentId, false).values().stream()
                .filter(comment -> comment.boardId().equals(boardId) && comment.taskId().equals(taskId))
                .limit(Math.max(0, limit))
                .toList());
    }

    @Override
    public Optional<Comment> comment(BoardId boardId, long commentId) {
        return inTx(() -> Optional.ofNullable(comments.get(commentId)).filter(comment -> comment.boardId().equals(boardId)));
    }

    @Override
    public void deleteComment(BoardId boardId, long commentId) {
        inTx(() -> {
            Comment removed = comments.get(commentId);
            if (removed != null && removed.boardId().equals(boardId)) {
                comments.remove(commentId);
                transactions.onRollback(() -> comments.put(commentId, removed));
            }
            return null;
        });
    }

    @Override
    public void appendHistory(HistoryEntry entry) {
        transactions.run(() -> {
            long taskId = entry.taskId().value();
            transactions.onRollback(() -> {
                List<HistoryEntry> appended = histories.get(taskId);
                appended.remove(appended.size() - 1);
            });
            List<HistoryEntry> entries = histories.get(taskId);
            if (entries == null) {
                entries = new ArrayList<>(HISTORY_CAPACITY);
                histories.put(taskId, entries);
            }
            entries.add(entry);
        });
    }

    @Override
    public List<HistoryEntry> history(TaskId taskId) {
        return inTx(() -> {
            List<HistoryEntry> entries = histories.get(taskId.value());
            return entries == null ? List.of() : List.copyOf(entries);
        });
    }

    /** The meter of candidate iteration work, for the scaling test. */
    CandidateMeter meter() {
        return meter;
    }

    /** Number of ready partitions of a board, for tests. */
    int readyPartitions(BoardId boardId) {
        return inTx(() -> board(boardId).ready.partitionCount());
    }

    // ---- writes and indexes --------------------------------------------------------------------------

    /**
     * Replaces {@code previous} (null: none) by {@code next} (null: none) in the data and every index, then
     * re-evaluates the tasks that depend on the identifier if its completion changed. Used by writes and by
     * their rollback alike. An index whose key did not change between the two versions (the identifier, which
     * never changes; the parent and the dependency list, which a claim or a completion leaves alone) is not
     * touched: a write costs the indexes it changes (docs/in-memory-store.md, "Writes").
     */
    private void replace(Task previous, Task next) {
        Task any = next != null ? next : previous;
        BoardIndex board = board(any.boardId());
        if (previous != null) {
            unindexState(board, previous);
        }
        tasks.put(any.id().value(), next);
        board.readyTasks += inReady(next) - inReady(previous);
        reindexKeys(board, previous, next);
        if (next != null) {
            indexState(board, next);
        }
        if (completed(previous) != completed(next)) {
            reevaluateDependents(board, any.identifier(), completed(next));
        }
    }

    /** 1 for a task in Ready (counted in {@link BoardIndex#readyTasks}), else 0 (also for none). */
    private static int inReady(Task task) {
        return task != null && task.status() == Status.OPEN ? 1 : 0;
    }

    /** The indexes keyed by what a task is (identifier, parent, dependencies), and the goal's status counts. */
    private static void reindexKeys(BoardIndex board, Task previous, Task next) {
        if (previous == null) {
            board.idByIdentifier.put(next.identifier(), next.id().value());
        } else if (next == null) {
            board.idByIdentifier.remove(previous.identifier());
        }
        Long oldParent = previous == null ? null : TaskId.valueOrNull(previous.parentId());
        Long newParent = next == null ? null : TaskId.valueOrNull(next.parentId());
        if (!Objects.equals(oldParent, newParent)) {
            if (oldParent != null) {
                BoardIndex.unlink(board.childrenByParent, oldParent, previous.id().value());
            }
            if (newParent != null) {
                BoardIndex.link(board.childrenByParent, newParent, next.id().value());
            }
        }
        if (previous == null || next == null || !Objects.equals(oldParent, newParent) || previous.status() != next.status()) {
            if (oldParent != null) {
                board.countChild(oldParent, previous.status(), -1);
            }
            if (newParent != null) {
                board.countChild(newParent, next.status(), +1);
            }
        }
        List<TaskIdentifier> oldDependencies = previous == null ? List.of() : previous.spec().dependencies();
        List<TaskIdentifier> newDependencies = next == null ? List.of() : next.spec().dependencies();
        if (!oldDependencies.equals(newDependencies)) {
            for (TaskIdentifier dependency : new LinkedHashSet<>(oldDependencies)) {
                BoardIndex.unlink(board.dependentsByIdentifier, dependency, previous.id().value());
            }
            for (TaskIdentifier dependency : new LinkedHashSet<>(newDependencies)) {
                BoardIndex.link(board.dependentsByIdentifier, dependency, next.id().value());
            }
        }
    }

    /** The indexes keyed by what a task's state is: key files held, live claim, pending after_goal, ready. */
    private void indexState(BoardIndex board, Task task) {
        if (holdsKeyFiles(task)) {
            for (KeyFile file : task.spec().keyFiles()) {
                board.linkKeyFile(file.filePath(), task.id().value());
            }
        }
        if (hasLiveClaim(task)) {
            board.claimsByExpiry.add(task);
            claimsByExpiry.add(task);
        }
        if (pendingGoal(task)) {
            pendingAfterGoals.add(task);
        }
        if (ready(board, task)) {
            board.ready.add(task);
        }
    }

    private void unindexState(BoardIndex board, Task task) {
        if (mayBeReady(task)) {
            board.ready.remove(task);
        }
        // the expiry and armed-at comparators read the claim and after_goal: only tasks indexed there go in
        if (pendingGoal(task)) {
            pendingAfterGoals.remove(task);
        }
        if (hasLiveClaim(task)) {
            board.claimsByExpiry.remove(task);
            claimsByExpiry.remove(task);
        }
        if (holdsKeyFiles(task)) {
            for (KeyFile file : task.spec().keyFiles()) {
                BoardIndex.unlinkKeyFile(board.holdersByKeyFile, file.filePath(), task.id().value());
            }
        }
    }

    /**
     * Only the dependents of one identifier: the rest of the board is untouched. While the identifier was
     * unfinished none of its dependents was ready, so its completion can only add some to the ready index; once it
     * is completed again unfinished (a rollback, a reopen, a delete) every dependent that may be ready leaves it.
     * Either way each dependent costs one skip-list operation at most, not a removal and an insertion.
     */
    private void reevaluateDependents(BoardIndex board, TaskIdentifier identifier, boolean nowCompleted) {
        LongList dependents = board.dependentsByIdentifier.get(identifier);
        if (dependents == null) {
            return;
        }
        for (int i = 0; i < dependents.size(); i++) {
            Task dependent = tasks.get(dependents.get(i));
            if (!mayBeReady(dependent)) {
                continue;
            }
            if (!nowCompleted) {
                board.ready.remove(dependent);
            } else if (!anyUnfinishedDependency(board, dependent)) {
                board.ready.add(dependent);
            }
        }
    }

    /** Open work or defect, not for humans, on the board (not archived): ready once no dependency is unfinished. */
    private static boolean mayBeReady(Task task) {
        return task.status() == Status.OPEN && task.type().claimable() && !task.spec().humanTask() && !task.isArchived();
    }

    /** Open work or defect, not for humans, with no unfinished dependency. */
    private boolean ready(BoardIndex board, Task task) {
        return mayBeReady(task) && !anyUnfinishedDependency(board, task);
    }

    /**
     * Whether one of the task's dependencies is not completed (a dependency naming no task counts as
     * unfinished). Derived when needed rather than stored: it is read only when the task itself or one of its
     * dependencies changes, and a derived answer cannot drift out of step after a rollback.
     */
    private boolean anyUnfinishedDependency(BoardIndex board, Task task) {
        for (TaskIdentifier dependency : task.spec().dependencies()) {
            Long id = board.idByIdentifier.get(dependency);
            if (id == null || !tasks.get(id).isCompleted()) {
                return true;
            }
        }
        return false;
    }

    private Iterable<Task> expiredFor(BoardIndex board, CandidateQuery query, int callerMask) {
        List<Task> expired = new ArrayList<>();
        for (Task task : board.claimsByExpiry) {
            if (!task.claim().expiredAt(query.now())) {
                break;
            }
            if (takeableAfterExpiry(task, query.userId().value(), callerMask)) {
                expired.add(task);
            }
        }
        expired.sort(TaskOrder.NEXT);
        return expired;
    }

    private static boolean takeableAfterExpiry(Task task, long userId, int callerMask) {
        Long assignee = UserId.valueOrNull(task.claim().assigneeBeforeClaim());
        return task.type().claimable() && !task.spec().humanTask()
                && (assignee == null || assignee == userId)
                && Capabilities.covers(callerMask, Capabilities.mask(task.spec().requiredCapabilities()));
    }

    private boolean isCurrent(Task task) {
        return tasks.get(task.id().value()) == task;
    }

    /** Keeps the position and identifier counters ahead of every stored task, journaled. */
    private void raiseCounters(BoardIndex board, Task task) {
        long previousPosition = board.lastPosition;
        TaskType type = task.identifier().type();
        long previousNumber = board.lastIdentifierNumber.getOrDefault(type, 0L);
        transactions.onRollback(() -> {
            board.lastPosition = previousPosition;
            board.lastIdentifierNumber.put(type, previousNumber);
        });
        board.lastPosition = Math.max(previousPosition, task.position());
        board.lastIdentifierNumber.put(type, Math.max(previousNumber, task.identifier().number()));
    }

    private static boolean completed(Task task) {
        return task != null && task.isCompleted();
    }

    private static boolean holdsKeyFiles(Task task) {
        return task.status() == Status.IN_PROGRESS || task.status() == Status.REVIEW;
    }

    private static boolean hasLiveClaim(Task task) {
        return task.status() == Status.IN_PROGRESS && task.claim() != null;
    }

    private static boolean pendingGoal(Task task) {
        return task.isGoal() && task.afterGoal() != null && task.afterGoal().pending();
    }

    private List<Task> tasksOf(LongList ids, Comparator<Task> order) {
        if (ids == null) {
            return List.of();
        }
        List<Task> found = new ArrayList<>(ids.size());
        for (int i = 0; i < ids.size(); i++) {
            found.add(tasks.get(ids.get(i)));
        }
        found.sort(order);
        return found;
    }

    private List<Task> tasksOf(Collection<Long> ids, Comparator<Task> order) {
        List<Task> found = new ArrayList<>(ids.size());
        for (Long id : ids) {
            found.add(tasks.get(id));
        }
        found.sort(order);
        return found;
    }

    private BoardIndex board(BoardId boardId) {
        return boards.computeIfAbsent(boardId.value(), id -> new BoardIndex());
    }

    private <T> T inTx(Supplier<T> read) {
        return transactions.inTransaction(read);
    }
}
