package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.AgentSessionStore;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.session.Activity;
import dev.tasklane.domain.session.AgentSession;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Agent sessions and their activity logs in memory, journaled in the shared {@link InMemoryTransactions} like the
 * other in-memory stores, so a failed unit of work leaves neither a session change nor an activity behind. Indexed by
 * task (the latest session, the log) and by claim token; stopped sessions are kept apart for the sweep.
 */
public final class InMemoryAgentSessionStore implements AgentSessionStore {
    private final InMemoryTransactions transactions;
    private final JournaledWrites writes;
    private final Map<Long, AgentSession> sessions = new TreeMap<>();
    private final Map<TaskId, Long> latest = new HashMap<>();
    private final Map<String, Long> byToken = new HashMap<>();
    private final Map<Long, AgentSession> stopping = new TreeMap<>();
    private final Map<BoardId, NavigableMap<Long, AgentSession>> openByBoard = new HashMap<>();
    private final Map<TaskId, NavigableMap<Long, Activity>> logs = new HashMap<>();
    private long lastSessionId;
    private long lastActivityId;

    public InMemoryAgentSessionStore(InMemoryTransactions transactions) {
        this.transactions = Objects.requireNonNull(transactions, "transactions");
        this.writes = new JournaledWrites(this.transactions);
    }

    @Override
    public void open(AgentSession session) {
        inTx(() -> {
            AgentSession stored = session.withId(++lastSessionId);
            put(stored);
            writes.put(latest, stored.taskId(), stored.id());
            writes.put(byToken, key(stored.taskId(), stored.claimToken()), stored.id());
            return null;
        });
    }

    @Override
    public void save(AgentSession session) {
        inTx(() -> {
            if (!sessions.containsKey(session.id())) {
                throw new IllegalStateException("no session " + session.id() + " to update");
            }
            put(session);
            return null;
        });
    }

    private void put(AgentSession session) {
        writes.put(sessions, session.id(), session);
        if (session.isOpen() && session.stop() != null) {
            writes.put(stopping, session.id(), session);
        } else if (stopping.containsKey(session.id())) {
            writes.remove(stopping, session.id());
        }
        NavigableMap<Long, AgentSession> open = openByBoard.get(session.boardId());
        if (session.isOpen()) {
            if (open == null) {
                open = new TreeMap<>();
                writes.put(openByBoard, session.boardId(), open);
            }
            writes.put(open, session.id(), session);
        } else if (open != null && open.containsKey(session.id())) {
            writes.remove(open, session.id());
        }
    }

    @Override
    public Optional<AgentSession> latestOf(TaskId taskId) {
        return inTx(() -> Optional.ofNullable(latest.get(taskId)).map(sessions::get));
    }

    @Override
    public Optional<AgentSession> byClaimToken(TaskId taskId, String claimToken) {
        return inTx(() -> Optional.ofNullable(byToken.get(key(taskId, claimToken))).map(sessions::get));
    }

    @Override
    public List<AgentSession> openOn(BoardId boardId, int limit) {
        return inTx(() -> {
            NavigableMap<Long, AgentSession> open = openByBoard.get(boardId);
            return open == null ? List.of() : open.values().stream().limit(limit).toList();
        });
    }

    @Override
    public List<AgentSession> endedOn(BoardId boardId, Instant from, Instant to, int limit) {
        return inTx(() -> sessions.values().stream().filter(s -> s.boardId().equals(boardId) && !s.isOpen()
                && !s.endedAt().isBefore(from) && s.endedAt().isBefore(to)).limit(limit).toList());
    }

    @Override
    public List<AgentSession> stopsDue(Instant stoppedBy, int limit) {
        return inTx(() -> stopping.values().stream().filter(s -> !s.stop().at().isAfter(stoppedBy)).limit(limit)
                .toList());
    }

    @Override
    public Activity append(Activity activity) {
        return inTx(() -> {
            Activity stored = activity.withId(++lastActivityId);
            NavigableMap<Long, Activity> log = logs.get(stored.taskId());
            if (log == null) {
                log = new TreeMap<>();
                writes.put(logs, stored.taskId(), log);
            }
            writes.put(log, stored.id(), stored);
            return stored;
        });
    }

    @Override
    public int dropOldest(long sessionId, int keep) {
        return inTx(() -> {
            AgentSession session = sessions.get(sessionId);
            NavigableMap<Long, Activity> log = session == null ? null : logs.get(session.taskId());
            if (log == null) {
                return 0;
            }
            List<Long> ids = new ArrayList<>();
            for (Activity activity : log.values()) {
                if (activity.sessionId() == sessionId) {
                    ids.add(activity.id());
                }
            }
            int drop = Math.max(0, ids.size() - keep);
            for (int i = 0; i < drop; i++) {
                writes.remove(log, ids.get(i));
            }
            return drop;
        });
    }

    @Override
    public List<Activity> activities(TaskId taskId, long after, int limit) {
        return inTx(() -> {
            NavigableMap<Long, Activity> log = logs.get(taskId);
            return log == null ? List.of() : log.tailMap(after, false).values().stream().limit(limit).toList();
        });
    }

    @Override
    public List<Activity> latestActivities(TaskId taskId, int limit) {
        return inTx(() -> {
            NavigableMap<Long, Activity> log = logs.get(taskId);
            return log == null ? List.of() : log.descendingMap().values().stream().limit(limit).toList();
        });
    }

    @Override
    public int pruneActivities(Instant endedBefore, int limit) {
        return inTx(() -> {
            int pruned = 0;
            for (AgentSession session : sessions.values()) {
                if (session.isOpen() || !session.endedAt().isBefore(endedBefore)) {
                    continue;
                }
                NavigableMap<Long, Activity> log = logs.get(session.taskId());
                if (log == null) {
                    continue;
                }
                for (Activity activity : List.copyOf(log.values())) {
                    if (pruned == limit) {
                        return pruned;
                    }
                    if (activity.sessionId() == session.id()) {
                        writes.remove(log, activity.id());
                        pruned++;
                    }
                }
            }
            return pruned;
        });
    }

    private static String key(TaskId taskId, String claimToken) {
        return taskId.value() + "/" + claimToken;
    }

    private <T> T inTx(Supplier<T> work) {
        return transactions.inTransaction(work);
    }
}
