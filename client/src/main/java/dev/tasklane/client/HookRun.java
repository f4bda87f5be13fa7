package dev.tasklane.client;

import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookResult;

/** One hook's run: the result to send as proof, and whether it was killed at its timeout. */
public record HookRun(HookName hook, HookResult result, boolean timedOut) {

    public boolean failed() {
        return !result.succeeded();
    }

    /** "after_doing failed with exit code 2" or "after_doing timed out after 1000 ms and was killed". */
    public String describe(long timeoutMs) {
        return timedOut
                ? hook.code() + " timed out after " + timeoutMs + " ms and was killed"
                : hook.code() + " failed with exit code " + result.exitCode();
    }
}
