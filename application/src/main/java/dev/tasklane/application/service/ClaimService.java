package dev.tasklane.application.service;

import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.ClaimTaskUseCase;
import dev.tasklane.application.port.in.NextTaskUseCase;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.out.CandidateQuery;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.agent.BoardAccess;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookProof;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.selection.ClaimPolicy;
import dev.tasklane.domain.selection.SelectionContext;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.workflow.ClaimOutcome;
import dev.tasklane.domain.workflow.ClaimRequest;

import java.util.Iterator;
import java.util.Optional;

/** Next-task selection and atomic claims. */
final class ClaimService implements NextTaskUseCase, ClaimTaskUseCase {
    static final String NOTHING_TO_CLAIM = "No tasks available to claim matching your capabilities. All tasks in "
            + "Ready column are either blocked, already claimed, or require capabilities you don't have.";

    private final ServiceContext context;

    ClaimService(ServiceContext context) {
        this.context = context;
    }

    @Override
    public Optional<TaskView> next(Actor actor) {
        return context.runner().read(changes -> {
            SelectionContext selection = new StoreSelectionContext(context.tasks(), actor, changes.now());
            return firstEligible(actor, selection).map(context.lookup()::view);
        });
    }

    @Override
    public Claimed claim(Actor actor, ClaimTask command) {
        BoardAccess.requireWrite(actor);
        HookResult proof = HookProof.requirePassed(HookName.BEFORE_DOING, command.beforeDoing());
        String identifier = command.identifier();
        String agentName = command.agentName();
        String name = agentName == null || agentName.isBlank() ? HookEntries.UNKNOWN_AGENT : agentName;
        String claimToken = ClaimTokens.fresh();
        String presented = command.claimToken();
        String retryToken = presented == null || presented.isBlank() ? null : presented;
        return context.runner().write(actor, changes -> {
            SelectionContext selection = new StoreSelectionContext(context.tasks(), actor, changes.now());
            Task target = identifier == null
                    ? firstClaimable(actor, selection).orElseThrow(
                            () -> new ConflictException("no_tasks_available", NOTHING_TO_CLAIM))
                    : context.tasks().lockByIdentifier(actor.boardId(), identifier)
                            .map(this::withKeyFilesLocked)
                            .orElseThrow(() -> notAvailable(identifier));
            ClaimOutcome outcome = context.workflow().claim(target, new ClaimRequest(name, proof, claimToken, retryToken), selection);
            Task claimed = outcome.task();
            if (!outcome.repeated()) {
                HistoryKind kind = HistoryKind.CLAIMED;
                HistoryFacts facts = target.claimExpiredAt(changes.now())
                        ? new HistoryFacts.ReclaimedExpired(String.valueOf(target.claim().agentName()))
                        : HistoryFacts.NONE;
                claimed = changes.update(claimed, kind, actor.userId(), name, facts);
                context.goals().childChanged(claimed, false, changes);
            }
            return new Claimed(context.lookup().view(claimed),
                    context.hooks().entry(HookName.BEFORE_DOING, claimed, name), claimed.claim().claimToken());
        });
    }

    /**
     * What next hands out: the first eligible candidate that no claim is taking right now. Agents call next and
     * then claim what it answered; without the lock check, agents asking together were all handed the same
     * task and queued behind one another's claim of it, to be refused one by one (the convoy the HTTP load
     * benchmark showed). The lock is held only until next's own transaction ends, moments later.
     */
    private Optional<Task> firstEligible(Actor actor, SelectionContext selection) {
        CandidateQuery query = query(actor, selection);
        Iterator<Task> candidates = context.tasks().candidates(query);
        while (candidates.hasNext()) {
            Task candidate = candidates.next();
            if (ClaimPolicy.eligible(candidate, selection)) {
                Optional<Task> free = context.tasks().lockCandidate(query, candidate.id())
                        .filter(locked -> ClaimPolicy.eligible(locked, selection));
                if (free.isPresent()) {
                    return free;
                }
            }
        }
        return Optional.empty();
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
    private Optional<Task> firstClaimable(Actor actor, SelectionContext selection) {
        CandidateQuery query = query(actor, selection);
        Iterator<Task> candidates = context.tasks().candidates(query);
        while (candidates.hasNext()) {
            Task candidate = candidates.next();
            if (!ClaimPolicy.eligible(candidate, selection)) {
                continue;
            }
            Optional<Task> taken = context.runner().tentatively(() -> context.tasks().lockCandidate(query, candidate.id())
                    .map(this::withKeyFilesLocked)
                    .filter(locked -> ClaimPolicy.eligible(locked, selection)));
            if (taken.isPresent()) {
                return taken;
            }
        }
        return Optional.empty();
    }

    private static CandidateQuery query(Actor actor, SelectionContext selection) {
        return new CandidateQuery(actor.boardId(), actor.userId(), actor.capabilities(), selection.now());
    }

    /** Locks the task's key files against concurrent claims, so that the key-file check made next holds. */
    private Task withKeyFilesLocked(Task task) {
        context.tasks().lockKeyFiles(task.boardId(), task.spec().keyFiles().stream().map(KeyFile::filePath).toList());
        return task;
    }

    private static ConflictException notAvailable(String identifier) {
        return new ConflictException("task_not_claimable", "Task '" + identifier + "' is not available to claim. "
                + "It may be blocked by dependencies, already claimed, require capabilities you don't have, "
                + "or not exist on this board.");
    }
}
