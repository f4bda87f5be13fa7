package dev.tasklane.client;

import picocli.CommandLine.Command;

/** {@code unclaim}: releases the held task. */
@Command(name = "unclaim", description = "Release the task you hold")
final class UnclaimCommand extends AgentSubcommand {
    @Override
    public Integer call() {
        ClaimState held = held();
        TaskData task = session().client.unclaim(Long.toString(held.taskId()), held.claimToken());
        ClaimState.clear(options.dir);
        print(task.json(), "Released " + TaskText.line(task));
        return ExitCodes.OK;
    }
}
