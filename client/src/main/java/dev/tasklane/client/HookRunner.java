package dev.tasklane.client;

import dev.tasklane.domain.hook.HookResult;

import java.io.PrintStream;

/**
 * Runs the {@code .stride.md} section of a hook in the working directory with the hook's environment and timeout.
 * A hook without a section succeeds at once with empty output, as the onboarding document prescribes.
 */
final class HookRunner {
    private final StrideHooks hooks;
    private final ShellProcess shell;
    private final PrintStream out;

    HookRunner(StrideHooks hooks, ShellProcess shell, PrintStream out) {
        this.hooks = hooks;
        this.shell = shell;
        this.out = out;
    }

    HookRun run(HookSpec hook) {
        String script = hooks.script(hook.name()).orElse(null);
        if (script == null) {
            return new HookRun(hook.name(), HookResult.success("", 0), false);
        }
        out.println("» " + hook.name().code());
        ShellProcess.Outcome outcome = shell.run(script, HookEnvironment.forHook(hook), hook.timeout(),
                line -> out.println("  " + line));
        String output = outcome.timedOut()
                ? outcome.output() + "[tasklane: " + hook.name().code() + " timed out after "
                        + hook.timeout().toMillis() + " ms; its process tree was killed]\n"
                : outcome.output();
        return new HookRun(hook.name(), new HookResult(outcome.exitCode(), output, outcome.durationMs()),
                outcome.timedOut());
    }
}
