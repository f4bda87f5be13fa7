package dev.tasklane.client;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code show [REF]}: one task, by default the one held. */
@Command(name = "show", description = "Show a task (default: the one you hold)")
final class ShowCommand extends AgentSubcommand {
    @Parameters(arity = "0..1", paramLabel = "REF", description = "An identifier (W12) or a numeric id")
    String ref;

    @Override
    public Integer call() {
        String target = ref != null ? ref : held().identifier();
        printTask(session().client.show(target));
        return ExitCodes.OK;
    }
}
