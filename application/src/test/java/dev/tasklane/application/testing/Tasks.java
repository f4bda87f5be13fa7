package dev.tasklane.application.testing;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.AfterGoal;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Claim;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** Builders for tasks and claims in store tests: every field has a sensible default. */
public final class Tasks {
    /** The fixed "now" of store tests. */
    public static final Instant NOW = Instant.parse("2030-01-01T12:00:00Z");
    /** The lease length used by test claims. */
    public static final Duration LEASE = Duration.ofMinutes(60);

    private Tasks() {
    }

    public static Builder work(BoardId boardId, long number) {
        return new Builder(boardId, new TaskIdentifier(TaskType.WORK, number));
    }

    public static Builder defect(BoardId boardId, long number) {
        return new Builder(boardId, new TaskIdentifier(TaskType.DEFECT, number));
    }

    public static Builder goal(BoardId boardId, long number) {
        return new Builder(boardId, new TaskIdentifier(TaskType.GOAL, number));
    }

    /** A claim by {@code agent} that started {@code LEASE} before {@code expiresAt}. */
    public static Claim claimExpiringAt(String agent, Instant expiresAt, UserId assigneeBeforeClaim) {
        return new Claim(agent, expiresAt.minus(LEASE), expiresAt, "claim-" + agent + "-" + expiresAt,
                assigneeBeforeClaim);
    }

    /** A fluent builder of one never-stored task (id 0, version 0). */
    public static final class Builder {
        private final BoardId boardId;
        private final TaskIdentifier identifier;
        private String title;
        private Priority priority = Priority.MEDIUM;
        private long position;
        private Status status = Status.OPEN;
        private TaskId parentId;
        private UserId assignedToId;
        private Claim claim;
        private AfterGoal afterGoal;
        private boolean humanTask;
        private final List<dev.tasklane.domain.task.TaskIdentifier> dependencies = new ArrayList<>();
        private final List<KeyFile> keyFiles = new ArrayList<>();
        private final Set<Capability> capabilities = EnumSet.noneOf(Capability.class);
        private Instant updatedAt = NOW;
        private String createdByAgent;

        private Builder(BoardId boardId, TaskIdentifier identifier) {
            this.boardId = boardId;
            this.identifier = identifier;
            this.title = "Task " + identifier;
            this.position = identifier.number();
        }

        public Builder title(String value) {
            title = value;
            return this;
        }

        public Builder priority(Priority value) {
            priority = value;
            return this;
        }

        public Builder position(long value) {
            position = value;
            return this;
        }

        public Builder status(Status value) {
            status = value;
            return this;
        }

        public Builder parent(TaskId goalId) {
            parentId = goalId;
            return this;
        }

        public Builder assignedTo(UserId userId) {
            assignedToId = userId;
            return this;
        }

        /** In Doing, claimed by {@code agent} until {@code expiresAt}. */
        public Builder claimedUntil(String agent, Instant expiresAt) {
            status = Status.IN_PROGRESS;
            claim = claimExpiringAt(agent, expiresAt, assignedToId);
            return this;
        }

        public Builder afterGoal(AfterGoal value) {
            afterGoal = value;
            return this;
        }

        public Builder human() {
            humanTask = true;
            return this;
        }

        public Builder dependsOn(String... identifiers) {
            dependencies.addAll(Identifiers.tids(identifiers));
            return this;
        }

        public Builder keyFiles(String... paths) {
            for (String path : paths) {
                keyFiles.add(new KeyFile(path, null, keyFiles.size()));
            }
            return this;
        }

        public Builder requires(Capability... required) {
            capabilities.addAll(List.of(required));
            return this;
        }

        public Builder createdByAgent(String value) {
            createdByAgent = value;
            return this;
        }

        public Builder updatedAt(Instant value) {
            updatedAt = value;
            return this;
        }

        public Task build() {
            TaskSpec spec = TaskSpec.builder(title, identifier.type(), priority)
                    .dependencies(dependencies)
                    .keyFiles(keyFiles)
                    .requiredCapabilities(capabilities)
                    .humanTask(humanTask)
                    .build();
            return new Task(TaskId.UNASSIGNED, boardId, identifier, parentId, position, spec, status, assignedToId, claim, null,
                    null, List.of(), afterGoal, null, null, createdByAgent, NOW, updatedAt, 0);
        }
    }
}
