package dev.tasklane.application.service;

import dev.tasklane.application.port.in.ReadTasksUseCase;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.out.GithubStore;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.domain.agent.Actor;

import java.util.List;

/**
 * The reads of tasks, with the read of one task answering the GitHub issue it was made from ({@code external_url}):
 * one lookup by the task's id, in the read's own transaction.
 */
final class IssueLinks implements ReadTasksUseCase {
    private final ReadTasksUseCase reads;
    private final GithubStore store;
    private final Transactions transactions;

    IssueLinks(ReadTasksUseCase reads, GithubStore store, Transactions transactions) {
        this.reads = reads;
        this.store = store;
        this.transactions = transactions;
    }

    @Override
    public TaskView get(Actor actor, TaskRef ref) {
        return transactions.inReadTransaction(() -> {
            TaskView view = reads.get(actor, ref);
            return store.linkOfTask(view.task().id()).map(link -> view.withExternalUrl(link.htmlUrl())).orElse(view);
        });
    }

    @Override
    public TaskListPage list(Actor actor, dev.tasklane.application.port.in.TaskQuery query) {
        return reads.list(actor, query);
    }

    @Override
    public TaskTree tree(Actor actor, TaskRef ref) {
        return reads.tree(actor, ref);
    }

    @Override
    public DependencyChain dependencies(Actor actor, TaskRef ref) {
        return reads.dependencies(actor, ref);
    }

    @Override
    public Dependents dependents(Actor actor, TaskRef ref) {
        return reads.dependents(actor, ref);
    }

    @Override
    public List<HistoryEntry> history(Actor actor, TaskRef ref) {
        return reads.history(actor, ref);
    }
}
