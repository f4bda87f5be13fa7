package dev.tasklane.application.service;

import dev.tasklane.domain.flow.FlowAgent;
import dev.tasklane.domain.flow.TaskFlow;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * What this process remembers of the flow rollup it committed, so that the agent loop's changes do not read it back
 * (docs/operations.md, "Flow rollup"):
 *
 * <ul>
 *   <li>each task's {@link TaskFlow} as of the task version that committed it. A change to a task at version
 *   {@code v} folds into the flow remembered for {@code v - 1}: any change by another transaction or server would
 *   have moved the task past that version, so a remembered flow is never stale, only missing (then the store is
 *   read). A fixed table of {@value #SLOTS} slots by task id; a newer task takes an older one's slot.</li>
 *   <li>when it last wrote each agent's activity: the write is skipped while the stored activity is less than
 *   {@link #ACTIVITY_PRECISION} old, so an agent's last activity is exact to a minute, and an agent working fast
 *   costs the shared row one write a minute, not one per request.</li>
 * </ul>
 * Only what committed is remembered: a use case hands its flows over after its commit ({@link #committed}).
 */
final class FlowMemory {
    static final int SLOTS = 1 << 16;
    static final Duration ACTIVITY_PRECISION = Duration.ofMinutes(1);
    /** The most agents remembered; past it the memory starts again (costing one write per agent). */
    static final int MAX_AGENTS = 10_000;

    private record Remembered(long taskId, long version, TaskFlow flow) {
    }

    record AgentKey(BoardId board, FlowAgent agent) {
    }

    private final AtomicReferenceArray<Remembered> flows = new AtomicReferenceArray<>(SLOTS);
    private final Map<AgentKey, Instant> written = new ConcurrentHashMap<>();

    /** The flow committed with {@code taskId} at {@code version}, or null when not remembered. */
    TaskFlow flow(TaskId taskId, long version) {
        Remembered remembered = flows.get(slot(taskId.value()));
        return remembered != null && remembered.taskId() == taskId.value() && remembered.version() == version
                ? remembered.flow() : null;
    }

    void committed(TaskId taskId, long version, TaskFlow flow) {
        flows.set(slot(taskId.value()), new Remembered(taskId.value(), version, flow));
    }

    /** Whether this process stored {@code agent}'s activity less than {@link #ACTIVITY_PRECISION} before {@code at}. */
    boolean writtenRecently(BoardId board, FlowAgent agent, Instant at) {
        Instant last = written.get(new AgentKey(board, agent));
        return last != null && !at.isBefore(last) && Duration.between(last, at).compareTo(ACTIVITY_PRECISION) < 0;
    }

    void activityCommitted(BoardId board, FlowAgent agent, Instant at) {
        if (written.size() >= MAX_AGENTS) {
            written.clear();
        }
        written.merge(new AgentKey(board, agent), at, (a, b) -> a.isAfter(b) ? a : b);
    }

    private static int slot(long taskId) {
        return (int) (taskId ^ (taskId >>> 32)) & (SLOTS - 1);
    }
}
