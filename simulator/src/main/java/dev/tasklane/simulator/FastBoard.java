package dev.tasklane.simulator;

import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.selection.TaskOrder;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.wip.WipLimits;

import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The board in a compact form: the plan's claimable tasks as rows of arrays by index, with the rules of the use
 * cases applied to them and nothing else kept: no history or event rows, no sessions, no claim tokens, no
 * per-call allocation. It answers every call as {@link UseCaseBoard} does over the store (checked by
 * {@code EnginesAgreeTest} on generated plans); docs/simulator.md, "Two engines", says which rule lives where.
 *
 * <ul>
 *   <li><b>Selection</b> ({@code SelectionRule}, {@code ClaimService#next}): the queue order is the domain's
 *       {@link TaskOrder#NEXT}, computed once over the tasks as the store holds them (priority and position do
 *       not change in a run); {@code next} answers the first task in that order that is open, has every
 *       dependency done, touches no key file held by a task in Doing or Review, and is unassigned or assigned to
 *       the caller; a task offered to another caller within the offer window is stepped over, and the first of
 *       those answered when nothing else is (the offers of {@code next}, docs/rules.md).</li>
 *   <li><b>Claims</b>: refused when a selection rule refuses, or when Doing is at the board's WIP limit
 *       ({@code WipRule}); the lease runs for the claim TTL, a heartbeat extends it, a question holds it up to the
 *       awaiting-input bound and its answer renews it ({@code SessionService}).</li>
 *   <li><b>Completion and review</b> ({@code TaskWorkflow}): to Review when the task needs review, else to
 *       Done; approval then mark_reviewed to Done, changes requested then mark_reviewed back to Doing with a
 *       fresh lease. A completion by an agent whose lease is gone is refused.</li>
 *   <li><b>Goals</b> ({@code GoalSync}, {@code AfterGoalLifecycle}): the completion of a goal's last open child
 *       arms after_goal; the agent's report completes the goal.</li>
 *   <li><b>The sweep</b> ({@code MaintenanceService}): a claim whose lease ran out returns to Ready with the
 *       assignment it had before.</li>
 * </ul>
 *
 * <p>How it stays fast: the open tasks whose dependencies are done are bits in sets by their rank in the queue
 * order ({@link RankSet}: one for unassigned tasks, one per agent with assigned ones), so {@code next} finds the
 * first in a few word reads; a task found behind a held key file is parked on that file and put back when the file
 * is released, so no call walks past it again; dependents are counted down, not re-read.
 */
final class FastBoard implements Board {
    /** As {@code ClaimService.LOOK_PAST_OFFERED}: candidates walked past the first one offered to another caller. */
    static final int LOOK_PAST_OFFERED = 256;

    private static final byte BLOCKED = 0;
    private static final byte READY = 1;
    private static final byte DOING = 2;
    private static final byte REVIEW = 3;
    private static final byte DONE = 4;
    /** A task no agent may take: reserved for a human, or assigned to someone who is not a simulated agent. */
    private static final byte NEVER = 5;
    private static final int NOBODY = -1;
    /** The assignee of a task assigned to a user who is not one of the simulated agents. */
    private static final int ANOTHER_USER = -2;
    /** A task without key files. */
    private static final int[] NO_FILES = new int[0];

    private final Clock clock;
    private final long ttl;
    private final long offerWindow;
    private final long awaitingInputMax;
    private final int wipLimit;

    private final int[] rank;
    private final byte[] status;
    private final boolean[] needsReview;
    private final int[] assignee;
    private final int[] holder;
    private final long[] expiry;
    private final boolean[] changesRequested;
    private final boolean[] awaiting;
    private final int[] unfinished;
    private final int[] dependentStart;
    private final int[] dependents;
    private final int[] fileStart;
    private final int[] files;
    private final int[] fileHolder;
    /** Per key file: the assigned tasks parked behind it, a list through {@link #parkedNext}. */
    private final int[] parkedHead;
    private final int[] parkedNext;
    /** Per key file: the unassigned tasks parked behind it, by rank; allocated on the first. */
    private final LongHeap[] parkedUnassigned;
    /** The file a task was put back in the queue for, as the first of that file's parked unassigned tasks; -1 for none. */
    private final int[] representing;
    /**
     * Whether a released file puts back only the first of its parked unassigned tasks ({@link #releaseFiles}): exact
     * when {@code next} never steps over an offered task, that is when no claim is refused, that is without a WIP limit.
     */
    private final boolean putBackFirstOnly;
    private final boolean[] parked;
    private final int[] offeredTo;
    private final long[] offeredUntil;
    private final int[] goalOf;
    private final int[] goalOpen;
    /** Each rank's task: the inverse of {@link #rank}. */
    private final int[] taskAt;
    private final RankSet unassigned;
    private final RankSet[] own;
    private final LongHeap expiries = new LongHeap(1024);
    private int doing;
    private int goalsCompleted;

    private FastBoard(Clock clock, Duration ttl, Duration offerWindow, Duration awaitingInputMax, WipLimits wip, int tasks,
                      int agents, int goals, int dependencyEntries, int fileEntries, int fileCount) {
        this.clock = clock;
        this.ttl = ttl.toSeconds();
        this.offerWindow = offerWindow.toSeconds();
        this.awaitingInputMax = awaitingInputMax.toSeconds();
        this.wipLimit = wip.limited() ? wip.doing() : Integer.MAX_VALUE;
        rank = new int[tasks];
        status = new byte[tasks];
        needsReview = new boolean[tasks];
        assignee = new int[tasks];
        holder = new int[tasks];
        expiry = new long[tasks];
        changesRequested = new boolean[tasks];
        awaiting = new boolean[tasks];
        unfinished = new int[tasks];
        dependentStart = new int[tasks + 1];
        dependents = new int[dependencyEntries];
        fileStart = new int[tasks + 1];
        files = new int[fileEntries];
        fileHolder = new int[fileCount];
        parkedHead = new int[fileCount];
        parkedNext = new int[tasks];
        parkedUnassigned = new LongHeap[fileCount];
        representing = new int[tasks];
        putBackFirstOnly = !wip.limited();
        parked = new boolean[tasks];
        offeredTo = new int[tasks];
        offeredUntil = new long[tasks];
        goalOf = new int[tasks];
        goalOpen = new int[goals];
        taskAt = new int[tasks];
        unassigned = new RankSet(tasks);
        own = new RankSet[agents];
        Arrays.fill(holder, NOBODY);
        Arrays.fill(offeredTo, NOBODY);
        Arrays.fill(fileHolder, NOBODY);
        Arrays.fill(parkedHead, NOBODY);
        Arrays.fill(representing, NOBODY);
    }

    /**
     * The board of a plan just created: {@code stored} holds each of the plan's tasks as the store holds it after
     * the goal assignments, by index.
     *
     * @param agentOf each simulated agent's number, by its user
     * @throws IllegalArgumentException for a plan this engine does not follow (a dependency on a goal)
     */
    static FastBoard of(PlanOnBoard plan, Task[] stored, Map<UserId, Integer> agentOf, int agents, WipLimits wip,
                        Duration claimTtl, Duration offerWindow, Duration awaitingInputMax, Clock clock) {
        int n = stored.length;
        if (n > LongHeap.MAX_TASKS) {
            throw new IllegalArgumentException("the fast engine holds at most " + LongHeap.MAX_TASKS + " tasks, the plan has " + n);
        }
        int[] dependencyCount = new int[n];
        int[][] dependencyOf = new int[n][];
        int[][] filesOf = new int[n][];
        Map<String, Integer> fileIds = new HashMap<>();
        int dependencyEntries = 0;
        int fileEntries = 0;
        for (int task = 0; task < n; task++) {
            List<TaskIdentifier> dependencies = stored[task].spec().dependencies();
            int[] mine = new int[dependencies.size()];
            for (int d = 0; d < mine.length; d++) {
                Integer dependency = plan.index().get(dependencies.get(d).toString());
                if (dependency == null) {
                    throw new IllegalArgumentException("task " + plan.identifier(task) + " depends on " + dependencies.get(d)
                            + ", which is not one of the plan's work or defect tasks: the fast engine follows dependencies"
                            + " between tasks only; run this plan with --engine usecases");
                }
                mine[d] = dependency;
                dependencyCount[dependency]++;
            }
            dependencyOf[task] = mine;
            dependencyEntries += mine.length;
            List<KeyFile> keyFiles = stored[task].spec().keyFiles();
            int[] ids = keyFiles.isEmpty() ? NO_FILES : new int[keyFiles.size()];
            for (int f = 0; f < ids.length; f++) {
                String path = keyFiles.get(f).filePath();
                Integer known = fileIds.putIfAbsent(path, fileIds.size());
                ids[f] = known == null ? fileIds.size() - 1 : known;
            }
            filesOf[task] = ids;
            fileEntries += ids.length;
        }
        FastBoard board = new FastBoard(clock, claimTtl, offerWindow, awaitingInputMax, wip, n, agents,
                plan.goalIds().length, dependencyEntries, fileEntries, fileIds.size());
        Integer[] order = new Integer[n];
        for (int task = 0; task < n; task++) {
            order[task] = task;
        }
        Arrays.sort(order, Comparator.comparing(task -> stored[task], TaskOrder.NEXT));
        for (int position = 0; position < n; position++) {
            board.rank[order[position]] = position;
            board.taskAt[position] = order[position];
        }
        for (int task = 0; task < n; task++) {
            board.dependentStart[task + 1] = board.dependentStart[task] + dependencyCount[task];
        }
        int[] fill = Arrays.copyOf(board.dependentStart, n);
        int at = 0;
        for (int task = 0; task < n; task++) {
            for (int dependency : dependencyOf[task]) {
                board.dependents[fill[dependency]++] = task;
            }
            board.unfinished[task] = dependencyOf[task].length;
            dependencyOf[task] = null;
            board.fileStart[task] = at;
            // the ids found in the first pass: looking each path up again walked a million tasks' specs twice
            for (int file : filesOf[task]) {
                board.files[at++] = file;
            }
            filesOf[task] = null;
        }
        board.fileStart[n] = at;
        for (int task = 0; task < n; task++) {
            Task t = stored[task];
            board.goalOf[task] = plan.goalOf()[task];
            board.goalOpen[board.goalOf[task]]++;
            board.needsReview[task] = t.spec().needsReview();
            UserId user = t.assignedToId();
            board.assignee[task] = user == null ? NOBODY : agentOf.getOrDefault(user, ANOTHER_USER);
            boolean claimable = t.type().claimable() && !t.spec().humanTask() && t.status() == Status.OPEN
                    && board.assignee[task] != ANOTHER_USER;
            board.status[task] = !claimable ? NEVER : board.unfinished[task] > 0 ? BLOCKED : READY;
            if (board.status[task] == READY) {
                board.enqueue(task);
            }
        }
        return board;
    }

    @Override
    public int next(int agent) {
        long now = now();
        RankSet mine = own[agent];
        int firstOffered = NONE;
        int lookedPast = 0;
        int from = 0;
        while (true) {
            int candidate = candidateFrom(mine, from);
            if (candidate == NONE || (firstOffered != NONE && lookedPast++ >= LOOK_PAST_OFFERED)) {
                break;
            }
            if (offer(agent, candidate, now)) {
                return candidate;
            }
            if (firstOffered == NONE) {
                firstOffered = candidate;
            }
            from = rank[candidate] + 1; // stepped over: the walk goes on past it
        }
        return firstOffered;
    }

    @Override
    public boolean claim(int agent, int task) {
        if (status[task] != READY || heldFile(task) >= 0 || (assignee[task] != NOBODY && assignee[task] != agent)
                || doing >= wipLimit) {
            return false;
        }
        queueOf(task).remove(rank[task]);
        status[task] = DOING;
        holder[task] = agent;
        representing[task] = NOBODY;
        doing++;
        for (int i = fileStart[task]; i < fileStart[task + 1]; i++) {
            fileHolder[files[i]] = task;
        }
        lease(task, now() + ttl);
        return true;
    }

    @Override
    public void heartbeat(int agent, int task) {
        requireHolder(agent, task, "heartbeat");
        lease(task, now() + ttl);
    }

    @Override
    public Outcome complete(int agent, int task) {
        if (status[task] != DOING || holder[task] != agent) {
            return Outcome.LOST;
        }
        doing--;
        awaiting[task] = false;
        if (needsReview[task]) {
            status[task] = REVIEW;
            return Outcome.REVIEW;
        }
        return done(task);
    }

    @Override
    public void review(int reviewer, int task, boolean changes) {
        if (status[task] != REVIEW) {
            throw new IllegalStateException("task " + task + " is not in Review");
        }
        changesRequested[task] = changes;
    }

    @Override
    public Outcome markReviewed(int agent, int task) {
        if (status[task] != REVIEW) {
            throw new IllegalStateException("task " + task + " is not in Review");
        }
        if (!changesRequested[task]) {
            return done(task);
        }
        changesRequested[task] = false;
        status[task] = DOING;
        holder[task] = agent;
        doing++;
        lease(task, now() + ttl);
        return Outcome.REWORK;
    }

    @Override
    public void reportAfterGoal(int agent, int task) {
        goalsCompleted++;
    }

    @Override
    public void ask(int agent, int task) {
        requireHolder(agent, task, "question");
        if (!awaiting[task]) {
            awaiting[task] = true;
            long held = now() + awaitingInputMax;
            if (held > expiry[task]) {
                lease(task, held);
            }
        }
    }

    @Override
    public void answer(int task) {
        if (status[task] == DOING && awaiting[task]) {
            awaiting[task] = false;
            lease(task, now() + ttl);
        }
    }

    @Override
    public Swept sweep() {
        long now = now();
        int expired = 0;
        while (!expiries.isEmpty() && LongHeap.at(expiries.peek()) <= now) {
            long entry = expiries.pop();
            int task = LongHeap.task(entry);
            if (status[task] != DOING || expiry[task] != LongHeap.at(entry)) {
                continue; // a lease extended, or the task moved on, since this entry
            }
            status[task] = READY;
            holder[task] = NOBODY;
            awaiting[task] = false;
            doing--;
            releaseFiles(task);
            enqueue(task);
            expired++;
        }
        return expired == 0 ? Swept.NOTHING : new Swept(expired, 0);
    }

    @Override
    public int completedGoals() {
        return goalsCompleted;
    }

    private Outcome done(int task) {
        status[task] = DONE;
        holder[task] = NOBODY;
        releaseFiles(task);
        for (int i = dependentStart[task]; i < dependentStart[task + 1]; i++) {
            int dependent = dependents[i];
            if (--unfinished[dependent] == 0 && status[dependent] == BLOCKED) {
                status[dependent] = READY;
                enqueue(dependent);
            }
        }
        return --goalOpen[goalOf[task]] == 0 ? Outcome.DONE_AFTER_GOAL : Outcome.DONE;
    }

    private void requireHolder(int agent, int task, String what) {
        if (status[task] != DOING || holder[task] != agent) {
            throw new IllegalStateException("agent " + agent + " sent a " + what + " for task " + task + ", which it does not hold");
        }
    }

    private void lease(int task, long until) {
        expiry[task] = until;
        expiries.push(LongHeap.entry(until, task));
    }

    /** Makes the offer of {@code next} (docs/rules.md, "Offers made by next"): false when another caller holds a live one. */
    private boolean offer(int agent, int task, long now) {
        if (offerWindow == 0) {
            return true;
        }
        if (offeredTo[task] != agent && offeredTo[task] != NOBODY && now < offeredUntil[task]) {
            return false;
        }
        offeredTo[task] = agent;
        offeredUntil[task] = now + offerWindow;
        return true;
    }

    /**
     * The first task from rank {@code from} on, in queue order, of the unassigned tasks and the agent's own, with no
     * key file held by another task; those found behind a held file on the way are parked. NONE when there is none.
     * The walk does not move {@code from} past a parked task: parking one may put back another, the first behind a
     * file it held no more, whose rank may be lower.
     */
    private int candidateFrom(RankSet mine, int from) {
        while (true) {
            int a = unassigned.nextFrom(from);
            int b = mine == null ? -1 : mine.nextFrom(from);
            int first = a < 0 ? b : b < 0 || a < b ? a : b;
            if (first < 0) {
                return NONE;
            }
            int task = taskAt[first];
            int held = heldFile(task);
            if (held < 0) {
                return task;
            }
            queueOf(task).remove(first);
            park(task, held);
        }
    }

    /**
     * Parks a task behind a held key file until the file is released. A task put back as the first of another free
     * file's parked tasks hands that place to the next of them.
     */
    private void park(int task, int file) {
        parked[task] = true;
        if (assignee[task] == NOBODY) {
            LongHeap behind = parkedUnassigned[file];
            if (behind == null) {
                behind = new LongHeap(16);
                parkedUnassigned[file] = behind;
            }
            behind.push(LongHeap.entry(rank[task], task));
        } else {
            parkedNext[task] = parkedHead[file];
            parkedHead[file] = task;
        }
        int free = representing[task];
        representing[task] = NOBODY;
        if (free != NOBODY && fileHolder[free] == NOBODY) {
            putBackFirst(free);
        }
    }

    /** Puts back the first of the file's parked unassigned tasks, as its representative in the queue. */
    private void putBackFirst(int file) {
        LongHeap behind = parkedUnassigned[file];
        if (behind != null && !behind.isEmpty()) {
            int first = LongHeap.task(behind.pop());
            parked[first] = false;
            representing[first] = file;
            enqueue(first);
        }
    }

    /** A key file of the task held by another task in Doing or Review; -1 when all are free. */
    private int heldFile(int task) {
        for (int i = fileStart[task]; i < fileStart[task + 1]; i++) {
            int file = files[i];
            int by = fileHolder[file];
            if (by != NOBODY && by != task) {
                return file;
            }
        }
        return -1;
    }

    private void releaseFiles(int task) {
        for (int i = fileStart[task]; i < fileStart[task + 1]; i++) {
            int file = files[i];
            if (fileHolder[file] == task) {
                fileHolder[file] = NOBODY;
                // the unassigned tasks behind the file: the first only, when that is exact (no task after it in the
                // queue is handed out before it is taken or parked again, and then the next takes its place), else all
                if (putBackFirstOnly) {
                    putBackFirst(file);
                } else {
                    LongHeap behind = parkedUnassigned[file];
                    while (behind != null && !behind.isEmpty()) {
                        int waiting = LongHeap.task(behind.pop());
                        parked[waiting] = false;
                        enqueue(waiting);
                    }
                }
                int waiting = parkedHead[file];
                parkedHead[file] = NOBODY;
                while (waiting != NOBODY) {
                    int following = parkedNext[waiting];
                    parked[waiting] = false;
                    if (status[waiting] == READY) {
                        enqueue(waiting);
                    }
                    waiting = following;
                }
            }
        }
    }

    private void enqueue(int task) {
        if (!parked[task]) {
            queueOf(task).add(rank[task]);
        }
    }

    /** The set of open tasks the task belongs in: the unassigned ones, or its assignee's. */
    private RankSet queueOf(int task) {
        int to = assignee[task];
        if (to == NOBODY) {
            return unassigned;
        }
        if (own[to] == null) {
            own[to] = new RankSet(rank.length);
        }
        return own[to];
    }

    private long now() {
        return clock.instant().getEpochSecond();
    }

    /**
     * A set of ranks (0 to size - 1) as bits, with a summary bit per word of 64: adding and removing one is a word
     * write or two, and the first rank from a given one on is found in a few word reads (a million ranks are 16,384
     * words, 256 summary words), where a heap of a million tasks spent its time in cache misses.
     */
    static final class RankSet {
        private final long[] words;
        private final long[] summary;
        private int size;
        /** No word below this one holds a rank: where a walk from the start begins. */
        private int lowest;

        RankSet(int ranks) {
            words = new long[Math.max(1, (ranks + 63) >>> 6)];
            summary = new long[(words.length + 63) >>> 6];
        }

        void add(int rank) {
            int word = rank >>> 6;
            long before = words[word];
            long after = before | 1L << rank;
            if (after != before) {
                words[word] = after;
                summary[word >>> 6] |= 1L << word;
                size++;
                lowest = Math.min(lowest, word);
            }
        }

        void remove(int rank) {
            int word = rank >>> 6;
            long before = words[word];
            long after = before & ~(1L << rank);
            if (after != before) {
                words[word] = after;
                if (after == 0) {
                    summary[word >>> 6] &= ~(1L << word);
                }
                size--;
            }
        }

        boolean contains(int rank) {
            return (words[rank >>> 6] & 1L << rank) != 0;
        }

        /** The lowest rank in the set that is at least {@code from}; -1 when there is none. */
        int nextFrom(int from) {
            int word = from >>> 6;
            if (size == 0 || word >= words.length) {
                return -1;
            }
            if (word < lowest) {
                word = lowest;
                from = word << 6;
            }
            long bits = words[word] & -1L << from;
            if (bits != 0) {
                return (word << 6) + Long.numberOfTrailingZeros(bits);
            }
            int next = word + 1;
            int block = next >>> 6;
            if (block >= summary.length) {
                return -1;
            }
            long nonEmpty = summary[block] & -1L << next;
            while (nonEmpty == 0) {
                if (++block == summary.length) {
                    return -1;
                }
                nonEmpty = summary[block];
            }
            int found = (block << 6) + Long.numberOfTrailingZeros(nonEmpty);
            if (word == lowest && (words[word] & (1L << from) - 1) == 0) {
                lowest = found; // the words from the lowest up to the one found are empty
            }
            return (found << 6) + Long.numberOfTrailingZeros(words[found]);
        }
    }

    /**
     * A binary min-heap of a key above a task index's 24 bits: leases by their expiry in epoch seconds, and the tasks
     * parked behind one key file by their rank.
     */
    static final class LongHeap {
        private static final int TASK_BITS = 24;
        /** The most tasks an entry can name. */
        static final int MAX_TASKS = 1 << TASK_BITS;
        private long[] items;
        private int size;

        LongHeap(int capacity) {
            items = new long[capacity];
        }

        static long entry(long key, int task) {
            return key << TASK_BITS | task;
        }

        static long at(long entry) {
            return entry >>> TASK_BITS;
        }

        static int task(long entry) {
            return (int) (entry & ((1L << TASK_BITS) - 1));
        }

        boolean isEmpty() {
            return size == 0;
        }

        long peek() {
            return items[0];
        }

        void push(long value) {
            if (size == items.length) {
                items = Arrays.copyOf(items, size * 2);
            }
            int i = size++;
            while (i > 0) {
                int parent = (i - 1) >>> 1;
                if (items[parent] <= value) {
                    break;
                }
                items[i] = items[parent];
                i = parent;
            }
            items[i] = value;
        }

        long pop() {
            long top = items[0];
            long last = items[--size];
            int i = 0;
            int half = size >>> 1;
            while (i < half) {
                int child = 2 * i + 1;
                int right = child + 1;
                if (right < size && items[right] < items[child]) {
                    child = right;
                }
                if (last <= items[child]) {
                    break;
                }
                items[i] = items[child];
                i = child;
            }
            items[i] = last;
            return top;
        }
    }
}
