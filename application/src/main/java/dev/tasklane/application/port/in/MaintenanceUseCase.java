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
     * The Ready depth of every board: its work and defect tasks in Ready (goals left out; blocked and assigned tasks
     * counted), 0 for a board with none. One read of the store's counts and of the boards, whatever their size.
     */
    Map<BoardId, Integer> readyDepths();

    record Swept(int claimsExpired, int goalsFinished, int eventsPurged) {
    }
}
