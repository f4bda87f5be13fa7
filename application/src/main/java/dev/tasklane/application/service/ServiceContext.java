package dev.tasklane.application.service;

import dev.tasklane.application.port.out.DirectoryStore;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.application.port.out.TaskStore;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.workflow.TaskWorkflow;

import java.time.Duration;

/** What every task service shares: the stores, the event outbox, the transaction runner and the domain's workflow. */
record ServiceContext(
        UseCaseRunner runner,
        TaskStore tasks,
        DirectoryStore directory,
        EventOutbox outbox,
        Duration eventRetention,
        TaskLookup lookup,
        HookEntries hooks,
        GoalSync goals,
        TaskWorkflow workflow,
        CompletionMode completionMode) {
}
