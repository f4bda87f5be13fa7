package dev.tasklane.application.port.in;

import dev.tasklane.domain.id.BoardId;

import java.time.Duration;
import java.util.Map;

/**
 * The server's own work, for no caller: the background sweep (expired claims back to Ready, after_goal grace
 * windows closed, old events purged), and the figures the operator metrics read.
 */
public interface MaintenanceUseCase {
    /**
     * The most due items (expired claims, goals past their grace window, stops past theirs, events, activities) one
     * read of a sweep takes; a sweep reads batch after batch until what is due is done.
     */
    int SWEEP_BATCH = 200;

    /** One round of the sweep; each item in a transaction of its own, re-checked under its lock. */
    Swept sweep();

    /**
     * The Ready depth of every board: its tasks in Ready (goals, blocked and assigned tasks included), 0 for a board
     * with none. One read of the boards and one of the queue's index.
     */
    Map<BoardId, Integer> readyDepths();

    /** The events committed but not readable yet, and the age of the oldest transaction that may hold them back. */
    EventsHeldBack eventsHeldBack();

    /**
     * @param events       committed events no reader can read yet
     * @param oldestWriter how long the oldest transaction that may still append events has been running
     */
    record EventsHeldBack(long events, Duration oldestWriter) {
    }

    /** @param auditPruned audit log entries deleted past their retention (TASKLANE_AUDIT_RETENTION) */
    record Swept(int claimsExpired, int goalsFinished, int eventsPurged, int auditPruned) {
        public Swept(int claimsExpired, int goalsFinished, int eventsPurged) {
            this(claimsExpired, goalsFinished, eventsPurged, 0);
        }
    }
}
