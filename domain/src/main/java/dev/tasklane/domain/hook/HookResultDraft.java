package dev.tasklane.domain.hook;

import java.util.Objects;

/**
 * A hook proof as the edge read it from a request, before the rules judge it: the typed {@link HookResult}, or why
 * the value sent could not be one. The reader does not refuse on its own so that a malformed proof is reported
 * where docs/rules.md puts it ("Completion: which error comes first": after the task is found).
 *
 * @param hook    the hook the proof is for
 * @param result  the proof; null when none was sent or it was malformed
 * @param problem the message saying why the value sent is not a proof; null when it is one or none was sent
 */
public record HookResultDraft(HookName hook, HookResult result, String problem) {
    public HookResultDraft {
        Objects.requireNonNull(hook, "hook");
        if (result != null && problem != null) {
            throw new IllegalArgumentException("a proof that was read has no problem");
        }
    }

    /** A typed proof, as an embedder sends it; null stays "no proof sent". */
    public static HookResultDraft of(HookName hook, HookResult result) {
        return new HookResultDraft(hook, result, null);
    }

    /** A value that could not be read as a proof. */
    public static HookResultDraft malformed(HookName hook, String problem) {
        return new HookResultDraft(hook, null, Objects.requireNonNull(problem, "problem"));
    }
}
