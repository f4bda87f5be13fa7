package dev.tasklane.adapter.inmemory;

/**
 * The in-memory stores and event outbox, sharing one {@link InMemoryTransactions}: a unit of work that writes
 * tasks, history, tokens, events and audit entries commits or rolls back all of them together.
 */
public final class InMemoryStores {
    private final InMemoryTransactions transactions = new InMemoryTransactions();
    private final InMemoryTaskStore tasks = new InMemoryTaskStore(transactions);
    private final InMemoryDirectoryStore directory = new InMemoryDirectoryStore(transactions);
    private final InMemoryIdempotencyStore idempotency = new InMemoryIdempotencyStore(transactions);
    private final InMemorySessionStore sessions = new InMemorySessionStore(transactions);
    private final InMemoryAgentSessionStore agentSessions = new InMemoryAgentSessionStore(transactions);
    private final InMemoryEventOutbox events = new InMemoryEventOutbox(transactions);
    private final InMemoryAuditLog audit = new InMemoryAuditLog(transactions);
    private final InMemoryTargetStore targets = new InMemoryTargetStore(transactions);
    private final InMemoryWebhookStore webhooks = new InMemoryWebhookStore(transactions);
    private final InMemoryGithubStore github = new InMemoryGithubStore(transactions);

    private InMemoryStores() {
    }

    /** A fresh, empty set of stores. */
    public static InMemoryStores create() {
        return new InMemoryStores();
    }

    public InMemoryTaskStore tasks() {
        return tasks;
    }

    public InMemoryDirectoryStore directory() {
        return directory;
    }

    /** The {@code Idempotency-Key}s, in the same transactions as the tasks. */
    public InMemoryIdempotencyStore idempotency() {
        return idempotency;
    }

    /** The web sessions, in the same transactions as the tasks. */
    public InMemorySessionStore sessions() {
        return sessions;
    }

    /** The agent sessions and their activity logs, in the same transactions as the tasks. */
    public InMemoryAgentSessionStore agentSessions() {
        return agentSessions;
    }

    /** The event outbox, written in the same transactions as the stores. */
    public InMemoryEventOutbox events() {
        return events;
    }

    /** The audit log, written in the same transactions as the stores. */
    public InMemoryAuditLog audit() {
        return audit;
    }

    /** The delivery targets, in the same transactions as the tasks. */
    public InMemoryTargetStore targets() {
        return targets;
    }

    public InMemoryGithubStore github() {
        return github;
    }

    public InMemoryWebhookStore webhooks() {
        return webhooks;
    }

    public InMemoryTransactions transactions() {
        return transactions;
    }
}
