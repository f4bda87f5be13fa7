package dev.tasklane.domain.testing;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.selection.KeyFileHolder;
import dev.tasklane.domain.selection.SelectionContext;
import dev.tasklane.domain.task.AfterGoal;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Claim;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.ExplorerResult;
import dev.tasklane.domain.task.ReviewerResult;
import dev.tasklane.domain.task.Completion;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.Review;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.workflow.ClaimRequest;
import dev.tasklane.domain.workflow.TaskWorkflow;
import dev.tasklane.domain.workflow.WorkflowLimits;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Shared builders for domain tests: tasks, claims, actors, and a list-backed {@link SelectionContext}. */
public final class TaskFixtures {
    /** The fixed "now" of every test. */
    public static final Instant NOW = Instant.parse("2026-01-15T16:00:00Z");
    public static final Duration TTL = WorkflowLimits.DEFAULT_CLAIM_TTL;
    public static final BoardId BOARD = BoardId.of(1);
    public static final UserId ALICE = UserId.of(10);
    public static final UserId BOB = UserId.of(20);
    public static final UserId CAROL = UserId.of(30);

    private TaskFixtures() {
    }

    public static TaskWorkflow workflow() {
        return new TaskWorkflow(WorkflowLimits.defaults(), SnakeNames.SNAKE);
    }

    /** The identifier written as {@code text} ("W12"). */
    public static TaskIdentifier id(String text) {
        return TaskIdentifier.parse(text).orElseThrow(() -> new IllegalArgumentException("not an identifier: " + text));
    }

    /** The identifiers written as {@code texts}, in order. */
    public static List<TaskIdentifier> ids(String... texts) {
        return Arrays.stream(texts).map(TaskFixtures::id).toList();
    }

    public static TaskBuilder task(String identifier) {
        return new TaskBuilder(identifier);
    }

    public static Actor agent(UserId userId) {
        return Actor.agent(userId, BOARD);
    }

    public static Actor reader(UserId userId) {
        return Actor.direct(user(userId), board(), Access.READ_ONLY, "reader");
    }

    /** A person who can write on the board, and so may record reviews. */
    public static Actor reviewer(UserId userId) {
        return Actor.direct(user(userId), board(), Access.MODIFY, null);
    }

    /** The board's owner, as the person: a writer who may take work past review. */
    public static Actor owner(UserId userId) {
        return Actor.direct(user(userId), board(), Access.OWNER, null);
    }

    /** One of the board owner's agents: it works, and never takes work past review. */
    public static Actor ownersAgent(UserId userId) {
        return Actor.direct(user(userId), board(), Access.OWNER, "owner's agent");
    }

    /** A writer authenticated with API token {@code tokenId}. */
    public static Actor withToken(UserId userId, long tokenId, boolean reviewerFlag) {
        return token(userId, tokenId, Access.MODIFY, Set.of(), reviewerFlag);
    }

    /** A writer whose token grants {@code capabilities} (none: no limit). */
    public static Actor withCapabilities(UserId userId, Capability... capabilities) {
        return token(userId, 9_000 + userId.value(), Access.MODIFY,
                capabilities.length == 0 ? Set.of() : EnumSet.copyOf(Arrays.asList(capabilities)), false);
    }

    /** A user with {@code access} to the board, acting through API token {@code tokenId}. */
    public static Actor token(UserId userId, long tokenId, Access access, Set<Capability> capabilities, boolean reviewerFlag) {
        ApiToken token = new ApiToken(tokenId, "token " + tokenId, "hash-" + tokenId, userId, BOARD, capabilities, null,
                ApiToken.scopesOf(reviewerFlag), NOW_FOR_TOKENS, null, null, null, null);
        return Actor.withToken(user(userId), board(), access, token);
    }

    public static User user(UserId userId) {
        return new User(userId, "user-" + userId, null, null, Role.MEMBER, null, null);
    }

    public static Board board() {
        return new Board(BOARD, "board-" + BOARD, java.util.Map.of());
    }

    private static final Instant NOW_FOR_TOKENS = Instant.parse("2030-01-01T00:00:00Z");

    public static HookResult proof() {
        return HookResult.success("ok", 12);
    }

    public static ClaimRequest claimRequest(String agentName, String token) {
        return new ClaimRequest(agentName, proof(), token);
    }

    /** A live claim started at {@code claimedAt}, lasting the default TTL. */
    public static Claim claim(String agentName, Instant claimedAt, String token, UserId assigneeBefore) {
        return new Claim(agentName, claimedAt, claimedAt.plus(TTL), token, assigneeBefore);
    }

    private static final String SKIPPED = "Skipped as the decision matrix allows for a task of this size";

    public static Completion report(String summary) {
        return new Completion(null, "claude", null, AgentReport.builder().summary(summary).notes("notes")
                .actualComplexity(Complexity.SMALL).actualFilesChanged("a.java, b.java").timeSpentMinutes(15)
                .explorerResult(ExplorerResult.skipped(SKIPPED, "self_reported_exploration"))
                .reviewerResult(ReviewerResult.skipped(SKIPPED, "self_reported_review")).build(), null);
    }

    public static ListContext context(Actor caller, Task... tasks) {
        return new ListContext(NOW, caller, List.of(tasks));
    }

    /** A {@link SelectionContext} over a fixed list of tasks and a fixed instant. */
    public static final class ListContext implements SelectionContext {
        private final Instant now;
        private final Actor caller;
        private final List<Task> tasks;
        private int holderLookups;

        public ListContext(Instant now, Actor caller, List<Task> tasks) {
            this.now = now;
            this.caller = caller;
            this.tasks = List.copyOf(tasks);
        }

        public ListContext at(Instant instant) {
            return new ListContext(instant, caller, tasks);
        }

        public ListContext as(Actor actor) {
            return new ListContext(now, actor, tasks);
        }

        public int holderLookups() {
            return holderLookups;
        }

        @Override
        public Instant now() {
            return now;
        }

        @Override
        public Actor caller() {
            return caller;
        }

        @Override
        public List<TaskIdentifier> unfinishedDependencies(Task task) {
            List<TaskIdentifier> unfinished = new ArrayList<>();
            for (TaskIdentifier dependency : task.spec().dependencies()) {
                boolean done = tasks.stream().anyMatch(t -> t.identifier().equals(dependency) && t.isCompleted());
                if (!done) {
                    unfinished.add(dependency);
                }
            }
            return unfinished;
        }

        @Override
        public Optional<KeyFileHolder> holderOf(String filePath, TaskId exceptTaskId) {
            holderLookups++;
            return tasks.stream()
                    .filter(t -> !t.id().equals(exceptTaskId))
                    .filter(t -> t.status() == Status.IN_PROGRESS || t.status() == Status.REVIEW)
                    .filter(t -> t.spec().keyFiles().stream().anyMatch(k -> k.filePath().equals(filePath)))
                    .findFirst()
                    .map(t -> new KeyFileHolder(filePath, t.identifier(), t.claim() == null ? null : t.claim().agentName()));
        }
    }

    /** Builds a {@link Task}; every field has a sensible default (an open, unassigned, medium work task). */
    public static final class TaskBuilder {
        private static long nextId = 100;

        private final TaskIdentifier identifier;
        private long id = nextId++;
        private TaskId parentId;
        private long position = 1;
        private String title;
        private Priority priority = Priority.MEDIUM;
        private boolean needsReview;
        private boolean humanTask;
        private List<TaskIdentifier> dependencies = List.of();
        private List<KeyFile> keyFiles = List.of();
        private Set<Capability> capabilities = Set.of();
        private Status status = Status.OPEN;
        private UserId assignee;
        private Claim claim;
        private Completion completion;
        private Review review;
        private AfterGoal afterGoal;

        TaskBuilder(String identifier) {
            this.identifier = TaskIdentifier.parse(identifier)
                    .orElseThrow(() -> new IllegalArgumentException("not an identifier: " + identifier));
            this.title = "Task " + identifier;
        }

        public TaskBuilder id(long value) {
            id = value;
            return this;
        }

        public TaskBuilder parent(long value) {
            parentId = TaskId.of(value);
            return this;
        }

        public TaskBuilder position(long value) {
            position = value;
            return this;
        }

        public TaskBuilder priority(Priority value) {
            priority = value;
            return this;
        }

        public TaskBuilder needsReview() {
            needsReview = true;
            return this;
        }

        public TaskBuilder humanTask() {
            humanTask = true;
            return this;
        }

        public TaskBuilder dependsOn(String... identifiers) {
            dependencies = ids(identifiers);
            return this;
        }

        public TaskBuilder keyFiles(String... paths) {
            List<KeyFile> files = new ArrayList<>();
            for (int i = 0; i < paths.length; i++) {
                files.add(new KeyFile(paths[i], null, i));
            }
            keyFiles = files;
            return this;
        }

        public TaskBuilder requires(Capability... required) {
            capabilities = required.length == 0 ? Set.of() : EnumSet.copyOf(Arrays.asList(required));
            return this;
        }

        public TaskBuilder status(Status value) {
            status = value;
            return this;
        }

        public TaskBuilder assignedTo(UserId userId) {
            assignee = userId;
            return this;
        }

        /** In Doing, assigned to {@code userId}, with a claim started at {@code claimedAt}. */
        public TaskBuilder claimedBy(UserId userId, String agentName, Instant claimedAt, String token, UserId assigneeBefore) {
            status = Status.IN_PROGRESS;
            assignee = userId;
            claim = TaskFixtures.claim(agentName, claimedAt, token, assigneeBefore);
            return this;
        }

        public TaskBuilder claim(Claim value) {
            claim = value;
            return this;
        }

        public TaskBuilder completion(Completion value) {
            completion = value;
            return this;
        }

        public TaskBuilder review(Review value) {
            review = value;
            return this;
        }

        public TaskBuilder afterGoal(AfterGoal value) {
            afterGoal = value;
            return this;
        }

        public TaskSpec spec() {
            return TaskSpec.builder(title, identifier.type(), priority).needsReview(needsReview).humanTask(humanTask)
                    .dependencies(dependencies).keyFiles(keyFiles).requiredCapabilities(capabilities).build();
        }

        public Task build() {
            Instant created = NOW.minus(Duration.ofDays(1));
            return new Task(TaskId.of(id), BOARD, identifier, parentId, position, spec(), status, assignee, claim, completion,
                    review, List.of(), afterGoal, null, ALICE, null, created, created, 3);
        }
    }
}
