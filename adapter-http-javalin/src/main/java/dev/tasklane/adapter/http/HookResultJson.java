package dev.tasklane.adapter.http;

import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookProof;
import dev.tasklane.domain.hook.HookProofRejectedException;
import dev.tasklane.domain.hook.HookResult;
import java.util.Map;

/**
 * Reads a hook's proof from a request into the domain's typed {@link HookResult}, refusing a malformed one with the
 * message the existing clients expect (docs/api.md, "Hook results"); whether it passed is the domain's rule,
 * {@link HookProof#requirePassed}.
 */
public final class HookResultJson {
    private HookResultJson() {
    }

    /** A present, well-formed proof that shows success, or a refusal naming what is wrong. */
    public static HookResult verify(HookName hook, Object raw) {
        return HookProof.requirePassed(hook, raw == null ? null : parse(hook, raw));
    }

    /**
     * The shape of a proof as decoded JSON: a map with an integer exit_code, a string output and a non-negative
     * integer duration_ms. Null stays null (absence is {@code requirePassed}'s to judge).
     */
    public static HookResult parse(HookName hook, Object raw) {
        if (raw == null) {
            return null;
        }
        String name = hook.wire();
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
        return new HookResult(code, text, ((Number) duration).longValue());
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
