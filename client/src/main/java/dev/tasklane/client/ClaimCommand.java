package dev.tasklane.client;

import com.fasterxml.jackson.databind.node.NullNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.util.Optional;

/** {@code claim [IDENTIFIER]}: runs before_doing and claims the named task or the next one. */
@Command(name = "claim", description = "Run before_doing, then claim IDENTIFIER (default: the next task)")
final class ClaimCommand extends AgentSubcommand {
    @Parameters(arity = "0..1", paramLabel = "IDENTIFIER", description = "The task to claim, e.g. W12")
    String identifier;

    @Override
    public Integer call() {
        ClaimState.load(options.dir).ifPresent(held -> {
            throw new UsageException("You already hold " + held.identifier()
                    + ": complete or unclaim it first");
        });
        AgentSession session = session();
        Optional<TaskData> target = identifier == null ? session.client.next(session.agentName)
                : Optional.of(session.client.show(identifier));
        if (target.isEmpty()) {
            print(NullNode.getInstance(), "Nothing to claim.");
            return ExitCodes.OK;
        }
        Claimed claimed = new TaskFlow(session).claim(target.get());
        printTask(claimed.task());
        return ExitCodes.OK;
    }
}
