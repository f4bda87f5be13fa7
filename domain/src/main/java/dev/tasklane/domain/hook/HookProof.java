package dev.tasklane.domain.hook;

import java.util.Map;

/**
 * Checks the proof an agent sends for a hook. The raw value is what the request carried (a Map from
 * parsed JSON, or anything else); a valid proof becomes a {@link HookResult}, anything else is refused
 * with the message the existing clients expect.
 */
public final class HookProof {
    private HookProof() {
    }

    public static HookResult verify(HookName hook, Object raw) {
        String name = hook.wire();
        if (raw == null) {
            throw new HookProofRejectedException(hook, name + " hook result is required");
        }
        if (!(raw instanceof Map<?, ?> map)) {
            throw new HookProofRejectedException(hook, name + " hook result must be a map");
        }
        if (!map.containsKey("exit_code") || !map.containsKey("output") || !map.containsKey("duration_ms")) {
            throw new HookProofRejectedException(hook,
                    name + " hook result must include exit_code, output, and duration_ms fields");
        }
        Object exitCode = map.get("exit_code");
        Object output = map.get("output");
        Object duration = map.get("duration_ms");
        if (!isInteger(exitCode)) {
            throw new HookProofRejectedException(hook, name + " hook result exit_code must be an integer");
        }
        if (!(output instanceof String text)) {
            throw new HookProofRejectedException(hook,
                    name + " hook result output must be a string (the hook's stdout/stderr, may be empty)");
        }
        if (!isInteger(duration) || ((Number) duration).longValue() < 0) {
            throw new HookProofRejectedException(hook,
                    name + " hook result duration_ms must be a non-negative integer");
        }
        long code = ((Number) exitCode).longValue();
        if (code != 0) {
            throw new HookProofRejectedException(hook, name + " is a blocking hook and failed with exit code " + code
                    + ". Fix the issues and try again.");
        }
        return new HookResult(0, text, ((Number) duration).longValue());
    }

    /** An integral JSON number that fits a long (1, not 1.5, not "1", not true). */
    public static boolean isInteger(Object value) {
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return true;
        }
        if (value instanceof java.math.BigInteger big) {
            return big.bitLength() < 64;
        }
        return false;
    }
}
