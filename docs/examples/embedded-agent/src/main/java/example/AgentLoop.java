package example;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.ClaimTaskUseCase.Claimed;
import dev.tasklane.application.port.in.CompleteTask;
import dev.tasklane.application.port.in.CreateTask;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.application.port.in.NewTask;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.validation.DependencyRef;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Two agents of one user, made without a token, work through a plan of twelve tasks in a Tasklane embedded in this program: next,
 * claim, complete, until nothing is left. Tasks six to eleven each depend on the one six before it, so they
 * unblock as the first half reaches Done. Exits with status 1 if a task was handed to both agents or if any task
 * is not Done at the end.
 */
public final class AgentLoop {
    private static final int TASKS = 12;

    public static void main(String[] args) throws Exception {
        InMemoryStores stores = InMemoryStores.create();
        Tasklane tasklane = Tasklane.builder()
                .stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events()).build();
        BoardId board = tasklane.identity().bootstrap(null).board().id();   // board "Default", user "admin"
        Actor owner = tasklane.identity().actAs("admin", board, null);      // the owner, as a person

        List<TaskIdentifier> plan = new ArrayList<>();
        for (int i = 0; i < TASKS; i++) {
            NewTask task = NewTask.of(TaskSpec.of("Step " + i, TaskType.WORK, Priority.MEDIUM));
            if (i >= TASKS / 2) {
                task = task.withDependencies(List.of(new DependencyRef.ByIdentifier(plan.get(i - TASKS / 2))));
            }
            plan.add(tasklane.create().create(owner, new CreateTask(task, "planner"))
                    .root().task().identifier());
        }

        Map<String, String> doneBy = new ConcurrentHashMap<>();
        List<String> doubles = new ArrayList<>();
        ExecutorService agents = Executors.newFixedThreadPool(2);
        List<Future<Integer>> runs = new ArrayList<>();
        for (String name : List.of("agent-1", "agent-2")) {
            Actor agent = tasklane.identity().actAs("admin", board, name);   // one of the owner's agents
            runs.add(agents.submit(() -> work(tasklane, agent, name, doneBy, doubles)));
        }
        int completed = 0;
        for (Future<Integer> run : runs) {
            completed += run.get();
        }
        agents.shutdown();

        long notDone = plan.stream()
                .map(id -> tasklane.reads().get(owner, new TaskRef.ByIdentifier(id)).task().status())
                .filter(status -> status != Status.COMPLETED).count();
        System.out.printf("%d tasks completed by two agents (%s); %d not done; %d handed out twice%n",
                completed, doneBy, notDone, doubles.size());
        if (notDone > 0 || !doubles.isEmpty() || completed != TASKS) {
            System.exit(1);
        }
    }

    /** One agent's loop: next, claim with its before_doing proof, complete with the other two; until none is left. */
    private static int work(Tasklane tasklane, Actor agent, String name, Map<String, String> doneBy,
                            List<String> doubles) {
        int completed = 0;
        int idle = 0;
        while (idle < 50) {
            Optional<TaskView> next = tasklane.next().next(agent);
            if (next.isEmpty()) {
                idle++;
                Thread.onSpinWait();
                continue;
            }
            String id = next.get().task().identifier().toString();
            Claimed claimed;
            try {
                claimed = tasklane.claims().claim(agent, ClaimTask.of(id, name, HookResult.success("deps ok", 40)));
            } catch (RuntimeException takenByTheOther) {
                continue;
            }
            AgentReport report = AgentReport.builder().summary("Did " + id).actualComplexity(Complexity.SMALL)
                    .actualFilesChanged("src/" + id + ".java").timeSpentMinutes(5).build();
            tasklane.completion().complete(agent, TaskRef.parse(id), CompleteTask.of(name, claimed.claimToken(),
                    HookResult.success("tests pass", 300), HookResult.success("diff ready", 20), report));
            if (doneBy.putIfAbsent(id, name) != null) {
                synchronized (doubles) {
                    doubles.add(id);
                }
            }
            completed++;
            idle = 0;
        }
        return completed;
    }
}
