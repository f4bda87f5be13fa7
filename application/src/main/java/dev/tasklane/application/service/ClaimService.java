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

import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Next-task selection and atomic claims. */
final class ClaimService implements NextTaskUseCase, ClaimTaskUseCase {
    static final String NOTHING_TO_CLAIM = "No tasks available to claim matching your capabilities. All tasks in "
            + "Ready column are either blocked, already claimed, or require capabilities you don't have.";

    /**
     * How many candidates past the first one offered to another caller {@code next} still walks looking for one
     * on offer to nobody else, before it hands out that first one: the walk's cost stays bounded when every
     * eligible task is on offer and the rest of the queue is blocked.
     */
    static final int LOOK_PAST_OFFERED = 256;

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
        String claimToken = ClaimTokens.fresh();
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
     * the tasks an agent steps past stay free for the others; the chosen one is then locked (skipped at once
     * if another claimer holds it), its key files locked, and the whole check made again on what is locked.
     * When that re-check fails (a concurrent claim took the task or one of its files), the attempt is undone,
     * releasing those locks, and the next candidate is tried.
     *
     * <p>Lock order, the same in every use case (docs/operations.md, "Lock order"): tasks, then key files,
     * then the parent goal, which {@link GoalSync} locks last.
     */
    private Optional<Task> firstClaimable(Actor actor, String agentName, SelectionContext selection) {
        CandidateQuery query = query(actor, selection);
        Iterator<Task> candidates = queue.candidates(query);
        List<Task> offeredToOthers = new ArrayList<>();
        while (candidates.hasNext()) {
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
            Optional<Task> taken = tryToTake(query, candidate, selection);
            if (taken.isPresent()) {
                return taken;
            }
        }
        for (Task candidate : offeredToOthers) {
            Optional<Task> taken = tryToTake(query, candidate, selection);
            if (taken.isPresent()) {
                return taken;
            }
        }
        return Optional.empty();
    }

    /** Locks the candidate and its key files and re-checks it; undone (locks released) when it cannot be taken. */
    private Optional<Task> tryToTake(CandidateQuery query, Task candidate, SelectionContext selection) {
        return runner.tentatively(() -> queue.lockCandidate(query, candidate.id())
                .map(this::withKeyFilesLocked)
                .filter(locked -> ClaimPolicy.eligible(locked, selection)));
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
}
