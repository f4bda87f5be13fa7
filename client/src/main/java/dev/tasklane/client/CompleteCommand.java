package dev.tasklane.client;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code complete}: runs after_doing and before_review, uploads the changed files and completes the held task;
 * then after_review when it went to Done, and after_goal when it finished a goal.
 */
@Command(name = "complete", description = "Run after_doing and before_review, upload changed files, complete the "
        + "task you hold (then after_review / after_goal when handed out)")
final class CompleteCommand extends AgentSubcommand {
    @Option(names = "--summary", required = true, description = "One line on what was done")
    String summary;

    @Option(names = "--notes", description = "Longer narrative, shown to the reviewer")
    String notes;

    @Option(names = "--complexity", defaultValue = "medium", description = "small, medium or large (default medium)")
    String complexity;

    @Option(names = "--minutes", defaultValue = "0", description = "Time spent, in minutes")
    int minutes;

    @Override
    public Integer call() {
        ClaimState held = held();
        TaskMoved completed = new TaskFlow(session()).complete(held,
                new WorkReport(summary, notes, complexity, minutes, minutes * 60_000L));
        String next = "review".equals(completed.task().status())
                ? "\nIt waits for review: `tasklane agent run --wait-review` finishes it after the decision." : "";
        print(completed.task().json(), TaskText.line(completed.task()) + next);
        return ExitCodes.OK;
    }
}
