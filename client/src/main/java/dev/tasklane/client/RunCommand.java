package dev.tasklane.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@code run --exec CMD}: the agent loop (see {@link AgentLoop}). */
@Command(name = "run", description = "Claim, work (--exec), complete, repeat until nothing is left or a task "
        + "waits for review")
final class RunCommand extends AgentSubcommand {
    @Option(names = "--exec", required = true, paramLabel = "COMMAND",
            description = "The command that does a task's work, run with bash -c; the task is in $TASKLANE_TASK_FILE")
    String command;

    @Option(names = "--wait-review", description = "Wait for the review decision instead of stopping at a task in Review")
    boolean waitReview;

    @Option(names = "--heartbeat-seconds", defaultValue = "300",
            description = "How often to extend the claim while the command runs (default 300)")
    long heartbeatSeconds;

    @Option(names = "--exec-timeout-seconds", defaultValue = "0",
            description = "Kill the command after this long; 0 = no limit (default)")
    long execTimeoutSeconds;

    @Option(names = "--review-recheck-seconds", defaultValue = "10",
            description = "While waiting for a review, re-read the task this often in case an event was missed")
    long recheckSeconds;

    @Override
    public Integer call() throws InterruptedException {
        AgentSession session = session();
        Duration timeout = execTimeoutSeconds > 0 ? Duration.ofSeconds(execTimeoutSeconds)
                : Duration.ofMillis(Long.MAX_VALUE);
        WorkRunner work = new WorkRunner(session, command, timeout, Duration.ofSeconds(Math.max(1, heartbeatSeconds)));
        Optional<ReviewWaiter> reviews = waitReview
                ? Optional.of(new ReviewWaiter(session.client, Duration.ofSeconds(Math.max(1, recheckSeconds))))
                : Optional.empty();
        ObjectNode summary = new AgentLoop(session, work, reviews).run();
        print(summary, text(summary));
        return ExitCodes.OK;
    }

    private static String text(ObjectNode summary) {
        List<String> done = new ArrayList<>();
        summary.path("done").forEach(identifier -> done.add(identifier.asText()));
        JsonNode waiting = summary.path("waiting_for_review");
        return "Summary: " + (done.isEmpty() ? "no task finished" : "finished " + String.join(", ", done))
                + (waiting.isTextual() ? "; " + waiting.asText() + " waits for review" : "; nothing left to claim");
    }
}
