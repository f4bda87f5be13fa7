package dev.tasklane.domain.hook;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.TasklaneException;

/** A hook result that is missing, malformed or shows failure; the transition it guards does not happen. */
public final class HookProofRejectedException extends TasklaneException {
    private static final long serialVersionUID = 1L;

    private final HookName hook;

    public HookProofRejectedException(HookName hook, String message) {
        super("hook_validation_failed", message, new ErrorDetails.Hook(hook.code()));
        this.hook = hook;
    }

    public HookName hook() {
        return hook;
    }
}
