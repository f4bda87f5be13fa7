package dev.tasklane.examples;

import dev.tasklane.application.port.in.CreateTask;
import dev.tasklane.application.port.in.NewTask;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.validation.DependencyRef;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.CompleteTask;
import dev.tasklane.application.port.in.ClaimTaskUseCase.Claimed;
import dev.tasklane.application.port.in.CompleteTaskUseCase.Completed;
import dev.tasklane.application.port.in.Created;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.Role;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Tasklane embedded in a JVM program with {@code tasklane-application} and the in-memory store: a board and a user
 * through the identity use cases, actors made directly for them (no token), then a goal with two tasks, and one agent's next, claim and
 * complete. docs/embedding.md quotes this class.
 */
public final class EmbeddedTasklaneExample {
    private final Tasklane tasklane;
    private final BoardId board;
    private final Actor admin;

    public EmbeddedTasklaneExample() {
        InMemoryStores stores = InMemoryStores.create();
        tasklane = Tasklane.builder()
                .stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events())
                .build();
        board = tasklane.identity().bootstrap(null).board().id();   // board "Default", user "admin"
        admin = tasklane.identity().actAs("admin", board, null);    // the admin, acting as a person
    }

    /** A member of the Default board, and the actor of their agent: who the use cases act for. */
    public Actor enlistAgent(String username) {
        tasklane.identity().createUser(admin, username, username, "a-long-enough-password", Role.MEMBER);
        tasklane.identity().putMember(admin, board, username, Access.MODIFY);
        return tasklane.identity().actAs(username, board, username + "-agent");
    }

    /** A goal whose second task depends on the first (0-based index among its siblings). */
    public Created planLogin() {
        NewTask form = NewTask.of(TaskSpec.builder("Login form", TaskType.WORK, Priority.HIGH)
                .keyFiles(List.of(new KeyFile("web/login.html", null, 0))).build());
        NewTask check = NewTask.of(TaskSpec.of("Server-side check", TaskType.WORK, Priority.HIGH))
                .withDependencies(List.of(new DependencyRef.ByIndex(0)));
        NewTask goal = NewTask.of(TaskSpec.of("Login", TaskType.GOAL, Priority.HIGH)).withChildren(List.of(form, check));
        return tasklane.create().create(admin, new CreateTask(goal, "planner"));
    }

    /** One turn of the agent loop: the next task, claimed with before_doing proof, then completed. */
    public Optional<Completed> workOnce(Actor agent) {
        Optional<TaskView> next = tasklane.next().next(agent);
        if (next.isEmpty()) {
            return Optional.empty();
        }
        String identifier = next.get().task().identifier().toString();
        Claimed claimed = tasklane.claims().claim(agent, ClaimTask.of(identifier, "my-agent", HookResult.success("before_doing passed", 120)));
        AgentReport report = AgentReport.builder().summary("Added the form and its test").actualComplexity(Complexity.SMALL)
                .actualFilesChanged("web/login.html,test/login_test.js").timeSpentMinutes(25).build();
        CompleteTask completion = CompleteTask.of("my-agent", claimed.claimToken(),
                HookResult.success("after_doing passed", 120), HookResult.success("before_review passed", 120), report);
        return Optional.of(tasklane.completion().complete(agent, TaskRef.parse(identifier), completion));
    }

    /** A task as the admin sees it now. */
    public TaskView read(String identifier) {
        return tasklane.reads().get(admin, TaskRef.parse(identifier));
    }
}
