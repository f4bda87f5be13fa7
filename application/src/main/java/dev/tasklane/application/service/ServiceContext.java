package dev.tasklane.application.service;

import dev.tasklane.application.port.out.DirectoryStore;
import dev.tasklane.application.port.out.TaskStore;
import dev.tasklane.domain.workflow.TaskWorkflow;

/** What every task service shares: the stores, the transaction runner and the domain's workflow. */
record ServiceContext(
        UseCaseRunner runner,
        TaskStore tasks,
        DirectoryStore directory,
        TaskLookup lookup,
        HookEntries hooks,
        GoalSync goals,
        TaskWorkflow workflow,
        CompletionMode completionMode) {
}
