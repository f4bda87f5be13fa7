package dev.tasklane.simulator;

/** A participant met an error the simulated workflow does not expect, so the run could not finish. */
final class SimulationFailedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    SimulationFailedException(Throwable cause) {
        super("a simulated participant failed: " + cause, cause);
    }
}
