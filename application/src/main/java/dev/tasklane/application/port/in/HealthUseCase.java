package dev.tasklane.application.port.in;

/** Whether the server's store answers (readiness), and its name (liveness). */
public interface HealthUseCase {
    /**
     * Whether the store answers, checked now; for readiness. While the store is unreachable this returns within
     * the store's connect timeout rather than throwing.
     */
    Health health();

    /** The store's name ("memory", "h2", "postgres"), without touching the store; for liveness. */
    String storeName();

    /** @param problem why the store is unreachable; null when it answers */
    record Health(boolean storeReachable, String store, String problem) {
        public Health(boolean storeReachable, String store) {
            this(storeReachable, store, storeReachable ? null : "the store did not answer");
        }
    }
}
