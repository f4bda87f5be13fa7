package dev.tasklane.application.port.in;

/** The background sweep: expired claims back to Ready, after_goal grace windows closed, old events purged. */
public interface MaintenanceUseCase {
    Swept sweep();

    record Swept(int claimsExpired, int goalsFinished, int eventsPurged) {
    }
}
