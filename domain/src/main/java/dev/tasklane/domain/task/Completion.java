package dev.tasklane.domain.task;

import dev.tasklane.domain.id.UserId;
import java.time.Instant;
import java.util.Objects;

/**
 * A task's completion: who completed it, through which agent and token, the agent's {@link AgentReport}, and when
 * it reached Done ({@code completedAt} is set only once it is Done). {@code completedByTokenId} is the API token
 * that completed it (null without one): that token may not record the review decision on this work
 * (docs/rules.md, "Access").
 */
public record Completion(
        UserId completedById,
        String completedByAgent,
        Long completedByTokenId,
        AgentReport report,
        Instant completedAt) {

    public Completion {
        Objects.requireNonNull(report, "report (AgentReport.NONE when there is none)");
    }

    /** A person moved the task to Done without an agent's report (mark_done). */
    public static Completion byPerson(UserId userId, Instant when) {
        return new Completion(userId, null, null, AgentReport.NONE, when);
    }

    public Completion doneAt(Instant when) {
        return new Completion(completedById, completedByAgent, completedByTokenId, report,
                completedAt == null ? when : completedAt);
    }
}
