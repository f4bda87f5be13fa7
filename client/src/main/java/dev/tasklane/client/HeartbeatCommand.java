package dev.tasklane.client;

import picocli.CommandLine.Command;

/** {@code heartbeat}: extends the lease of the held task. */
@Command(name = "heartbeat", description = "Extend the claim on the task you hold")
final class HeartbeatCommand extends AgentSubcommand {
    @Override
    public Integer call() {
        ClaimState held = held();
        TaskData task = session().client.heartbeat(Long.toString(held.taskId()), held.claimToken());
        print(task.json(), held.identifier() + " claimed until " + task.text("claim_expires_at"));
        return ExitCodes.OK;
    }
}
