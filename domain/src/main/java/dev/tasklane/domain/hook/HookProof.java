package dev.tasklane.domain.hook;

/**
 * The rule over the proof an agent sends for a blocking hook, over a typed {@link HookResult}: it must be present
 * and show success. The HTTP adapter reads the JSON into a {@code HookResult} (for complete into a
 * {@link HookResultDraft}, judged by {@link #requirePassed(HookResultDraft)} after the task is found).
 */
public final class HookProof {
    private HookProof() {
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
            throw new HookProofRejectedException(hook, hook.code() + " hook result is required");
        }
        if (!result.succeeded()) {
            throw new HookProofRejectedException(hook, hook.code() + " is a blocking hook and failed with exit code "
                    + result.exitCode() + ". Fix the issues and try again.");
        }
        return result;
    }

}
