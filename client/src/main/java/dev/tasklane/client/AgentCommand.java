package dev.tasklane.client;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.util.Map;

/** {@code tasklane agent}: the parent of the agent subcommands; alone it asks for one. */
@Command(name = "agent", mixinStandardHelpOptions = true,
        description = "Work a Tasklane board as an agent: claim tasks, run the hooks of .stride.md, complete.",
        subcommands = {NextCommand.class, ClaimCommand.class, ShowCommand.class, HeartbeatCommand.class,
            CompleteCommand.class, UnclaimCommand.class, CreateCommand.class, RunCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done (a run drained the queue or stopped at a task waiting for review)",
            "1:the server refused a call or could not be reached", "2:usage: bad arguments, no credentials, no held task",
            "3:a hook failed or timed out", "4:the --exec command failed; its task was released",
            "5:the review rejected the task; it was released"})
final class AgentCommand implements Runnable {
    final Map<String, String> env;
    final PrintStream out;
    final PrintStream err;

    @Spec
    CommandSpec spec;

    AgentCommand(Map<String, String> env, PrintStream out, PrintStream err) {
        this.env = env;
        this.out = out;
        this.err = err;
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "Missing subcommand");
    }
}
