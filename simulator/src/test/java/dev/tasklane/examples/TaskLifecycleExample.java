package dev.tasklane.examples;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.CompleteTask;
import dev.tasklane.application.port.in.CreateTask;
import dev.tasklane.application.port.in.NewTask;
import dev.tasklane.application.port.in.ReviewDecision;
import dev.tasklane.application.port.in.ReviewUseCase.Reviewed;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.ReviewStatus;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;

/**
 * One task's whole life through the typed use cases, in memory: created needing review, claimed with its
 * before_doing proof, completed into Review, approved by the board's owner and marked reviewed into Done. Both actors are made directly for the
 * admin user, as the person and as one of their agents: no token is needed in-process.
 * docs/embedding.md quotes it; {@code EmbeddingExampleTest} runs it.
 */
public final class TaskLifecycleExample {
    private TaskLifecycleExample() {
    }

    public static Reviewed run() {
        InMemoryStores stores = InMemoryStores.create();
        Tasklane tasklane = Tasklane.builder()
                .stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events()).build();
        BoardId board = tasklane.identity().bootstrap(null).board().id();      // board "Default", user "admin"
        Actor owner = tasklane.identity().actAs("admin", board, null);          // the board's owner, as a person
        Actor agent = tasklane.identity().actAs("admin", board, "agent-1");     // one of the owner's agents

        TaskSpec spec = TaskSpec.builder("Add login", TaskType.WORK, Priority.HIGH).needsReview(true).build();
        String id = tasklane.create().create(owner, new CreateTask(NewTask.of(spec), "planner"))
                .root().task().identifier().toString();
        var claimed = tasklane.claims().claim(agent, ClaimTask.of(id, "agent-1", HookResult.success("tests pass", 900)));
        AgentReport report = AgentReport.builder().summary("Login form and its test").actualComplexity(Complexity.SMALL)
                .actualFilesChanged("web/login.html").timeSpentMinutes(20).build();
        tasklane.completion().complete(agent, TaskRef.parse(id), CompleteTask.of("agent-1", claimed.claimToken(),
                HookResult.success("lint clean", 400), HookResult.success("diff ready", 50), report));
        tasklane.reviews().review(owner, TaskRef.parse(id), new ReviewDecision(ReviewStatus.APPROVED, "Looks right"));
        return tasklane.reviews().markReviewed(agent, TaskRef.parse(id), HookResult.success("merged", 300), "agent-1");
    }
}
