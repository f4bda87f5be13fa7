package dev.tasklane.domain.hook;

/** Proof that a hook ran: its output, how long it took, and its exit code (0 = success). */
public record HookResult(long exitCode, String output, long durationMs) {
    public HookResult {
        if (output == null) {
            throw new IllegalArgumentException("output is required (may be empty)");
        }
        if (durationMs < 0) {
            throw new IllegalArgumentException("duration_ms must be >= 0");
        }
    }

    public boolean succeeded() {
        return exitCode == 0;
    }

    public static HookResult success(String output, long durationMs) {
        return new HookResult(0, output, durationMs);
    }
}
