package dev.tasklane.application.service;

import dev.tasklane.application.port.out.TaskReads;
import dev.tasklane.application.port.out.ClaimCandidates;
import dev.tasklane.application.port.out.KeyFileLocks;
import dev.tasklane.application.port.out.WipLimitStore;
import dev.tasklane.domain.workflow.TaskWorkflow;
import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.ClaimTaskUseCase;
import dev.tasklane.application.port.in.NextTaskUseCase;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.out.CandidateQuery;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.workflow.TaskWorkflow.HookProof;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.selection.SelectionRule.ClaimPolicy;
import dev.tasklane.domain.selection.SelectionContext;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.wip.WipLimits;
import dev.tasklane.domain.wip.WipRule;
import dev.tasklane.domain.workflow.ClaimOutcome;
import dev.tasklane.domain.workflow.ClaimRequest;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.selection.KeyFileHolder;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.validation.Limit;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Next-task selection and atomic claims, with the offers {@code next} makes ({@link NextOffers}) and the claims'
 * fresh tokens.
 */
final class ClaimService implements NextTaskUseCase, ClaimTaskUseCase {
    static final String NOTHING_TO_CLAIM = "No tasks available to claim matching your capabilities. All tasks in "
            + "Ready column are either blocked, already claimed, or require capabilities you don't have.";

    /**
     * How many candidates past the first one offered to another caller {@code next} still walks looking for one
     * on offer to nobody else, before it hands out that first one: the walk's cost stays bounded when every
     * eligible task is on offer and the rest of the queue is blocked.
     */
    static final int LOOK_PAST_OFFERED = 256;
    /**
     * How many candidates a server-picked claim reads before it asks the store to lock the first free one among the
     * eligible: the candidates' first page ({@code CandidateCursor.FIRST_PAGE} on the JDBI store), enough for as many
     * claimers racing for the head of the queue.
     */
    static final int LOCK_BATCH = 8;
    private static final int CLAIM_TOKEN_BYTES = 24;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final UseCaseRunner runner;
    private final TaskReads tasks;
    private final ClaimCandidates queue;
    private final KeyFileLocks keyFiles;
    private final WipLimitStore wipLimits;
    private final TaskLookup lookup;
    private final HookEntries hookEntries;
    private final GoalSync goals;
    private final TaskWorkflow workflow;
    private final NextOffers offers;
    private final AgentSessions sessions;

    ClaimService(UseCaseRunner runner, TaskReads tasks, ClaimCandidates queue, KeyFileLocks keyFiles,
                 WipLimitStore wipLimits, TaskLookup lookup, HookEntries hookEntries, GoalSync goals,
                 TaskWorkflow workflow, NextOffers offers, AgentSessions sessions) {
        this.runner = runner;
        this.tasks = tasks;
        this.queue = queue;
        this.keyFiles = keyFiles;
        this.wipLimits = wipLimits;
        this.lookup = lookup;
        this.hookEntries = hookEntries;
        this.goals = goals;
        this.workflow = workflow;
        this.offers = offers;
        this.sessions = sessions;
    }

    @Override
    public Optional<TaskView> next(Actor actor, String agentName) {
        return runner.read(changes -> {
            SelectionContext selection = new StoreSelectionContext(tasks, keyFiles, actor, changes.now());
            return firstEligible(actor, agentName, selection).map(lookup::view);
        });
    }

    @Override
    public Claimed claim(Actor actor, ClaimTask command) {
        String identifier = command.identifier();
        String agentName = command.agentName();
        String name = agentName == null || agentName.isBlank() ? HookEntries.UNKNOWN_AGENT : agentName;
        String claimToken = freshClaimToken();
        String presented = command.claimToken();
        String retryToken = presented == null || presented.isBlank() ? null : presented;
        return runner.write(actor, changes -> {
            // after the runner's access check: a caller without write access learns nothing of its proof
            HookResult proof = HookProof.requirePassed(HookName.BEFORE_DOING, command.beforeDoing());
            SelectionContext selection = new StoreSelectionContext(tasks, keyFiles, actor, changes.now());
            Task target = identifier == null
                    ? firstClaimable(actor, agentName, selection).orElseThrow(
                            () -> new ConflictException("no_tasks_available", NOTHING_TO_CLAIM))
                    : TaskIdentifier.parse(identifier)
                            .flatMap(named -> tasks.lockByIdentifier(actor.boardId(), named))
                            .map(this::withKeyFilesLocked)
                            .orElseThrow(() -> notAvailable(identifier));
            ClaimOutcome outcome = workflow.claim(target, new ClaimRequest(name, proof, claimToken, retryToken), selection);
            Task claimed = outcome.task();
            if (!outcome.repeated()) {
                requireWipRoom(target);
                HistoryKind kind = HistoryKind.CLAIMED;
                HistoryFacts facts = target.claimExpiredAt(changes.now())
                        ? new HistoryFacts.ReclaimedExpired(String.valueOf(target.claim().agentName()))
                        : HistoryFacts.NONE;
                claimed = changes.update(claimed, kind, actor.userId(), name, facts);
                sessions.opened(claimed, changes.now());
                goals.childChanged(claimed, false, changes);
            }
            return new Claimed(lookup.view(claimed),
                    hookEntries.entry(HookName.BEFORE_DOING, claimed, name), claimed.claim().claimToken());
        });
    }

    /**
     * What next hands out: the first eligible candidate not on offer to another caller, which is then offered to
     * this one (docs/rules.md, "Offers made by next"). Agents call next and then claim what it answered; handed
     * the same task, all but one of them lost the claim and came back to next. When every eligible task is on
     * offer to someone else, the first of them is answered all the same. Nothing is locked or written: next is
     * a read-only transaction, and its answer is re-checked by the claim.
     */
    private Optional<Task> firstEligible(Actor actor, String agentName, SelectionContext selection) {
        CandidateQuery query = query(actor, selection);
        Iterator<Task> candidates = queue.candidates(query);
        Task firstOffered = null;
        int lookedPast = 0;
        while (candidates.hasNext() && (firstOffered == null || lookedPast++ < LOOK_PAST_OFFERED)) {
            Task candidate = candidates.next();
            if (!ClaimPolicy.eligible(candidate, selection)) {
                continue;
            }
            if (offers.offer(actor, agentName, candidate.boardId(), candidate.id(), selection.now())) {
                return Optional.of(candidate);
            }
            if (firstOffered == null) {
                firstOffered = candidate;
            }
        }
        return Optional.ofNullable(firstOffered);
    }

    /**
     * The first candidate this agent can take, locked. Candidates are read without locks and checked first, so
     * the tasks an agent steps past stay free for the others. The eligible ones among the next
     * {@value #LOCK_BATCH} candidates are then offered to the store in queue order, which locks the first of them that
     * no other claimer holds (in one statement on PostgreSQL, skipping the held ones); its key files are locked, and
     * the whole check made again on what is locked. When that re-check fails (a concurrent claim took the task or one
     * of its files), the attempt is undone, releasing those locks, and the candidates after it are offered.
     * Candidates {@code next} offered to other agents are tried last.
     *
     * <p>Lock order, the same in every use case (docs/operations.md, "Lock order"): tasks, then key files,
     * then the parent goal, which {@link GoalSync} locks last.
     */
    private Optional<Task> firstClaimable(Actor actor, String agentName, SelectionContext selection) {
        CandidateQuery query = query(actor, selection);
        Iterator<Task> candidates = queue.candidates(query);
        List<Task> offeredToOthers = new ArrayList<>();
        while (candidates.hasNext()) {
            List<Task> batch = new ArrayList<>(LOCK_BATCH);
            for (int drawn = 0; drawn < LOCK_BATCH && candidates.hasNext(); drawn++) {
                Task candidate = candidates.next();
                if (!ClaimPolicy.eligible(candidate, selection)) {
                    continue;
                }
                if (offers.offeredToAnother(actor, agentName, candidate.boardId(), candidate.id(), selection.now())) {
                    // another agent is about to claim it by identifier: tried last
                    if (offeredToOthers.size() < LOOK_PAST_OFFERED) {
                        offeredToOthers.add(candidate);
                    }
                    continue;
                }
                batch.add(candidate);
            }
            Optional<Task> taken = takeFirst(query, batch, selection);
            if (taken.isPresent()) {
                return taken;
            }
        }
        return takeFirst(query, offeredToOthers, selection);
    }

    /**
     * Locks the first of {@code candidates} that no other claimer holds, with its key files, and re-checks it; undone
     * (locks released) when it cannot be taken, and the candidates after it are tried. Each attempt is its own
     * savepoint, so what an attempt locked and gave up is free again for the others.
     */
    private Optional<Task> takeFirst(CandidateQuery query, List<Task> candidates, SelectionContext selection) {
        List<TaskId> ids = candidates.stream().map(Task::id).toList();
        while (!ids.isEmpty()) {
            List<TaskId> offered = ids;
            TaskId[] locked = {null};
            Optional<Task> taken = runner.tentatively(() -> queue.lockFirstCandidate(query, offered)
                    .map(task -> {
                        locked[0] = task.id();
                        return withKeyFilesLocked(task);
                    })
                    .filter(task -> ClaimPolicy.eligible(task, selection)));
            if (taken.isPresent()) {
                return taken;
            }
            // locked and refused: the ones after it; none locked: the first could not be, the others are asked again
            ids = ids.subList(locked[0] == null ? 1 : ids.indexOf(locked[0]) + 1, ids.size());
        }
        return Optional.empty();
    }

    private static CandidateQuery query(Actor actor, SelectionContext selection) {
        return new CandidateQuery(actor.boardId(), actor.userId(), actor.capabilities(), selection.now());
    }

    /**
     * The claim's WIP check, kept apart from the claim's own reads and locks: on a board with a limit it takes the
     * board's claim lock (after the task's row, the one lock order) and applies the domain's {@link WipRule} to Doing
     * as committed. A board without a limit costs one read.
     */
    private void requireWipRoom(Task target) {
        WipLimits limits = wipLimits.wipLimits(target.boardId());
        if (limits.limited()) {
            WipRule.requireRoom(limits, target, wipLimits.lockDoing(target.boardId()));
        }
    }

    /** Locks the task's key files against concurrent claims, so that the key-file check made next holds. */
    private Task withKeyFilesLocked(Task task) {
        keyFiles.lockKeyFiles(task.boardId(), task.spec().keyFiles().stream().map(KeyFile::filePath).toList());
        return task;
    }

    /** A fresh claim token: {@value #CLAIM_TOKEN_BYTES} random bytes, URL-safe base64, one per lease (a claim, or a rework after review). */
    static String freshClaimToken() {
        byte[] bytes = new byte[CLAIM_TOKEN_BYTES];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static ConflictException notAvailable(String identifier) {
        return new ConflictException("task_not_claimable", "Task '" + identifier + "' is not available to claim. "
                + "It may be blocked by dependencies, already claimed, require capabilities you don't have, "
                + "or not exist on this board.");
    }

    /** The selection rules' view of the board, answered by the task store inside the current transaction. */
    private static final class StoreSelectionContext implements SelectionContext {
        private final TaskReads tasks;
        private final KeyFileLocks keyFiles;
        private final Actor caller;
        private final Instant now;

        StoreSelectionContext(TaskReads tasks, KeyFileLocks keyFiles, Actor caller, Instant now) {
            this.tasks = tasks;
            this.keyFiles = keyFiles;
            this.caller = caller;
            this.now = now;
        }

        @Override
        public Instant now() {
            return now;
        }

        @Override
        public Actor caller() {
            return caller;
        }

        @Override
        public List<TaskIdentifier> unfinishedDependencies(Task task) {
            Map<TaskIdentifier, Status> statuses = tasks.statuses(task.boardId(), task.spec().dependencies());
            return task.spec().dependencies().stream()
                    .filter(dependency -> statuses.get(dependency) != Status.COMPLETED)
                    .toList();
        }

        @Override
        public Optional<KeyFileHolder> holderOf(String filePath, TaskId exceptTaskId) {
            return keyFiles.keyFileHolder(caller.boardId(), filePath, exceptTaskId);
        }
    }

    /**
     * The tasks {@code next} recently answered, and to whom: a short-lived offer (docs/rules.md, "Offers made by
     * next"). Agents that call {@code next} together are handed different tasks, so that their claims do not
     * collide and send all but one back to {@code next} with a 409. An offer is a hint kept by this server process
     * only: it is never written to the store, it never refuses a claim, and a caller whose only eligible tasks are
     * offered to others is still handed one of them.
     *
     * <p>A caller is a user, the API token it authenticated with and the agent name it gave (null when none): agents
     * sharing one token are told apart by their names. A request without a name is the token's and matches any name
     * on it, so that an agent that asks {@code next} without its name (as Stride's clients do) and then claims with
     * it finds its own offer. A name over its cap ({@code Limit.AGENT_NAME}) counts as none, so that the offers kept
     * stay small.
     * Offers are taken atomically, so two callers of this process never hold the same one. Expired offers are
     * dropped as new ones are made, once there are more than {@link #PURGE_ABOVE} or twice as many as the last purge
     * kept (so that many live offers do not make every offer walk them all): the map stays within about twice the
     * number of {@code next} answers in one offer window.
     *
     * <p>A claim does not withdraw the offer of the task it takes: it would do so before its commit, and another
     * caller's {@code next} reading the task as still open meanwhile would be handed it, to lose the claim. The
     * offer lapses by itself; a claimed task is no longer eligible anyway.
     */
    static final class NextOffers {
        /** Above this many offers, making one first drops the expired ones. */
        static final int PURGE_ABOVE = 1_024;

        /** The longest agent name an offer keeps ({@code Limit.AGENT_NAME}), read once. */
        private static final int AGENT_NAME_MAX = Limit.AGENT_NAME.max();

        private record Key(BoardId boardId, TaskId taskId) {
        }

        private record OfferedTo(UserId userId, Long tokenId, String agentName) {
            static OfferedTo of(Actor actor, String agentName) {
                boolean named = agentName != null && !agentName.isBlank()
                        && agentName.codePointCount(0, agentName.length()) <= AGENT_NAME_MAX;
                return new OfferedTo(actor.userId(), actor.tokenId(), named ? agentName : null);
            }

            /** The same user and token, and the same name unless one of the two gave none. */
            boolean sameAs(OfferedTo other) {
                return userId.equals(other.userId) && Objects.equals(tokenId, other.tokenId)
                        && (agentName == null || other.agentName == null || agentName.equals(other.agentName));
            }
        }

        private record Offer(OfferedTo caller, Instant until) {
            boolean liveAt(Instant now) {
                return now.isBefore(until);
            }
        }

        private final Duration window;
        private final Map<Key, Offer> offers = new ConcurrentHashMap<>();
        /** The size past which the next offer purges; racing updates of it only move a purge by a few offers. */
        private volatile int purgeAbove = PURGE_ABOVE;

        /** @param window how long an offer holds; zero turns offers off ({@code next} answers by queue order alone) */
        NextOffers(Duration window) {
            Objects.requireNonNull(window, "window");
            if (window.isNegative()) {
                throw new IllegalArgumentException("the offer window cannot be negative, got " + window);
            }
            this.window = window;
        }

        /**
         * Offers the task to the caller unless another caller holds a live offer of it; answers whether the caller
         * now holds it. Asking again for a task it holds renews the offer.
         */
        boolean offer(Actor actor, String agentName, BoardId boardId, TaskId taskId, Instant now) {
            if (window.isZero()) {
                return true;
            }
            if (offers.size() > purgeAbove) {
                offers.values().removeIf(offer -> !offer.liveAt(now));
                purgeAbove = Math.max(PURGE_ABOVE, 2 * offers.size());
            }
            OfferedTo caller = OfferedTo.of(actor, agentName);
            Offer mine = new Offer(caller, now.plus(window));
            Offer held = offers.merge(new Key(boardId, taskId), mine,
                    (current, asked) -> current.liveAt(now) && !current.caller().sameAs(caller) ? current : asked);
            return held == mine;
        }

        /** How many offers are kept, live or expired and not yet dropped. */
        int kept() {
            return offers.size();
        }

        /** Whether another caller holds a live offer of the task. */
        boolean offeredToAnother(Actor actor, String agentName, BoardId boardId, TaskId taskId, Instant now) {
            Offer offer = offers.get(new Key(boardId, taskId));
            return offer != null && offer.liveAt(now) && !offer.caller().sameAs(OfferedTo.of(actor, agentName));
        }
    }
}
