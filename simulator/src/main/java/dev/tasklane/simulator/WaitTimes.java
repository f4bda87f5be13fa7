package dev.tasklane.simulator;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How long tasks with dependencies waited once they were free to go: from the simulated moment their last
 * dependency reached Done to the moment an agent first claimed them, read from the event log.
 */
final class WaitTimes {
    private WaitTimes() {
    }

    /** Minutes of simulated time, one value per task that had dependencies and was claimed after they were done. */
    static Latencies afterUnblocking(List<LogEvent> events, Map<String, TaskFacts> tasks) {
        Map<String, Instant> done = new HashMap<>();
        Map<String, Instant> claimed = new HashMap<>();
        for (LogEvent event : events) {
            if (event.kind() == LogEvent.Kind.DONE) {
                done.putIfAbsent(event.task(), event.at());
            } else if (event.kind() == LogEvent.Kind.CLAIMED) {
                claimed.putIfAbsent(event.task(), event.at());
            }
        }
        Latencies waits = new Latencies();
        for (TaskFacts task : tasks.values()) {
            Instant claim = claimed.get(task.identifier());
            Instant ready = lastDone(task.dependencies(), done);
            if (claim != null && ready != null && !claim.isBefore(ready)) {
                waits.add(Duration.between(ready, claim).toMinutes());
            }
        }
        return waits;
    }

    /**
     * Minutes of simulated time each question waited for its answer, from the agent's question to a person's answer,
     * read from the event log; a question still open at the end of the run is not counted.
     */
    static Latencies awaitingInput(List<LogEvent> events) {
        Map<String, Instant> asked = new HashMap<>();
        Latencies waits = new Latencies();
        for (LogEvent event : events) {
            if (event.kind() == LogEvent.Kind.QUESTION) {
                asked.put(event.task(), event.at());
            } else if (event.kind() == LogEvent.Kind.ANSWER) {
                Instant at = asked.remove(event.task());
                if (at != null) {
                    waits.add(Duration.between(at, event.at()).toMinutes());
                }
            }
        }
        return waits;
    }

    /** When the last of {@code dependencies} reached Done; null when there are none or one never did. */
    private static Instant lastDone(List<String> dependencies, Map<String, Instant> done) {
        Instant last = null;
        for (String dependency : dependencies) {
            Instant at = done.get(dependency);
            if (at == null) {
                return null;
            }
            last = last == null || at.isAfter(last) ? at : last;
        }
        return last;
    }
}
