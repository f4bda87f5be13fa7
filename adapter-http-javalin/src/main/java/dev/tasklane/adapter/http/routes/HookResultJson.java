package dev.tasklane.adapter.http.routes;

import dev.tasklane.adapter.http.wire.completion.HookResultBody;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookProof;
import dev.tasklane.domain.hook.HookResult;
import java.util.Map;

/**
 * Reads a hook's proof from a request into the domain's typed {@link HookResult} through the wire record
 * {@link HookResultBody}, refusing a malformed one with the message the existing clients expect (docs/api.md, "Hook
 * results"); whether it passed is the domain's rule, {@link HookProof#requirePassed}.
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
        return HookResultBody.proof(hook, raw);
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
