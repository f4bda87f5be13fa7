package dev.tasklane.client;

import com.fasterxml.jackson.databind.node.NullNode;
import picocli.CommandLine.Command;

import java.util.Optional;

/** {@code next}: shows the task the agent would get, without claiming it. */
@Command(name = "next", description = "Show the next task you could claim (claims nothing)")
final class NextCommand extends AgentSubcommand {
    @Override
    public Integer call() {
        AgentSession session = session();
        Optional<TaskData> next = session.client.next(session.agentName);
        if (next.isPresent()) {
            printTask(next.get());
        } else {
            print(NullNode.getInstance(), "Nothing to claim.");
        }
        return ExitCodes.OK;
    }
}
