package dev.tasklane.domain.hook;

import java.util.Map;

/**
 * The rules over the proof an agent sends for a blocking hook. {@link #requirePassed} is the domain's rule over
 * a typed {@link HookResult}: it must be present and show success. {@link #parse} turns a decoded JSON value into
 * a {@code HookResult}, refusing a malformed one with the message the existing clients expect; the HTTP adapter
 * calls it at the edge for claim, mark_reviewed and complete (there into a {@link HookResultDraft}, judged by
 * {@link #requirePassed(HookResultDraft)} after the task is found).
 */
public final class HookProof {
    private HookProof() {
    }

    /** A present, well-formed proof that shows success, or a refusal naming what is wrong. */
    public static HookResult verify(HookName hook, Object raw) {
        return requirePassed(hook, raw == null ? null : parse(hook, raw));
    }

    /** The proof read at the edge: a malformed one is refused with the reader's message, else {@link #requirePassed}. */
    public static HookResult requirePassed(HookResultDraft draft) {
        if (draft.problem() != null) {
            throw new HookProofRejectedException(draft.hook(), draft.problem());
        }
        return requirePassed(draft.hook(), draft.result());
    }

    /**
     * The proof must be present and its hook must have exited 0 (a blocking hook that failed stops the transition).
     *
     * @return {@code result}, for chaining
     */
    public static HookResult requirePassed(HookName hook, HookResult result) {
        if (result == null) {
            throw new HookProofRejectedException(hook, hook.wire() + " hook result is required");
        }
        if (!result.succeeded()) {
            throw new HookProofRejectedException(hook, hook.wire() + " is a blocking hook and failed with exit code "
                    + result.exitCode() + ". Fix the issues and try again.");
        }
        return result;
    }

    /**
     * The shape of a proof as decoded JSON: a map with an integer exit_code, a string output and a non-negative
     * integer duration_ms. Null stays null (absence is {@link #requirePassed}'s to judge).
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
