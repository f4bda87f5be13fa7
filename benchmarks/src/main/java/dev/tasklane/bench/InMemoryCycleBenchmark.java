package dev.tasklane.bench;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.CompleteTask;
import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.testing.Tasks;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.Complexity;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;


/**
 * JMH: one agent's claim (through next) + complete cycle through the use cases over the in-memory store, with a
 * fresh backlog each iteration. The upper bound of what the HTTP and database layers add to.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
public class InMemoryCycleBenchmark {
    static final int BACKLOG = 400_000;

    private Tasklane app;
    private Actor agent;
    private CompleteTask completion;

    @Setup(Level.Iteration)
    public void load() {
        InMemoryStores stores = InMemoryStores.create();
        app = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions()).build();
        IdentityUseCase.Bootstrap bootstrap = app.identity().bootstrap(null);
        agent = Actor.direct(bootstrap.admin(), bootstrap.board(), dev.tasklane.domain.identity.Access.MODIFY, "agent");
        for (long chunk = 1; chunk <= BACKLOG; chunk += 10_000) {
            long first = chunk;
            stores.transactions().inTransaction(() -> {
                for (long n = first; n < first + 10_000 && n <= BACKLOG; n++) {
                    stores.tasks().insert(Tasks.work(agent.boardId(), n).position(n).build());
                }
                return null;
            });
        }
        completion = CompleteTask.of("jmh", null, Backlogs.PASSED, Backlogs.PASSED, AgentReport.builder()
                .summary("benchmark cycle").actualComplexity(Complexity.SMALL).actualFilesChanged("none").timeSpentMinutes(1)
                .build());
    }

    @Benchmark
    public Object claimAndComplete() {
        TaskId id = app.claims().claim(agent, ClaimTask.of(null, "jmh", Backlogs.PASSED)).task().task().id();
        return app.completion().complete(agent, new TaskRef.ById(id), completion);
    }
}
