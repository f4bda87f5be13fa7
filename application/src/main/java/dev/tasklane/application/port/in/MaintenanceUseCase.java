package dev.tasklane.application.port.in;

import dev.tasklane.domain.id.BoardId;

import java.util.Map;

/**
 * The server's own work, for no caller: the background sweep (expired claims back to Ready, after_goal grace
 * windows closed, old events purged), and the figures the operator metrics read.
 */
public interface MaintenanceUseCase {
    Swept sweep();

    /**
     * The Ready depth of every board: its tasks in Ready (goals, blocked and assigned tasks included), 0 for a board
     * with none. One read of the boards and one of the queue's index.
     */
    Map<BoardId, Integer> readyDepths();

    record Swept(int claimsExpired, int goalsFinished, int eventsPurged) {
    }
}
