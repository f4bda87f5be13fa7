package dev.tasklane.bench;

import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.CompleteTask;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.Complexity;

import dev.tasklane.adapter.jdbi.Database;
import dev.tasklane.adapter.jdbi.JdbiStores;
import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.testing.TaskCommands;
import dev.tasklane.domain.agent.Actor;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Map;

/**
 * What one claim + complete cycle costs the calling thread: processor time and bytes allocated, counted by the JVM
 * for that thread alone. Unlike throughput, neither count depends much on what else the machine runs, so the figures
 * of a loaded machine still compare (docs/benchmarks.md, "What bounds the simulation"). In memory it is the cycle of
 * {@link InMemoryCycleBenchmark}; on PostgreSQL ({@link #measurePostgres}) next, claim and complete through the use
 * cases over the JDBI store, the server's share of a cycle without HTTP.
 */
final class CycleCost {
    /** Rounds on a fresh backlog each; the last one, the warmest, is the figure. */
    static final int ROUNDS = 3;

    private CycleCost() {
    }

    /** Processor time in microseconds and bytes allocated, per cycle. */
    record Cost(double cpuMicros, long bytes) {
    }

    /** @param cycles claim + complete cycles per round */
    static Cost measure(int cycles) {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)
                || !threads.isCurrentThreadCpuTimeSupported()) {
            throw new IllegalStateException("this JVM does not count processor time and allocation per thread");
        }
        long thread = Thread.currentThread().getId();
        Cost cost = null;
        for (int round = 0; round < ROUNDS; round++) {
            InMemoryCycleBenchmark bench = new InMemoryCycleBenchmark();
            bench.load();
            long cpu = threads.getCurrentThreadCpuTime();
            long bytes = threads.getThreadAllocatedBytes(thread);
            for (int i = 0; i < cycles; i++) {
                bench.claimAndComplete();
            }
            cost = new Cost((threads.getCurrentThreadCpuTime() - cpu) / 1e3 / cycles,
                    (threads.getThreadAllocatedBytes(thread) - bytes) / cycles);
            System.out.printf("   round %d: %.1f us of processor time and %,d bytes allocated per cycle%n",
                    round + 1, cost.cpuMicros(), cost.bytes());
        }
        return cost;
    }

    /**
     * Next, claim and complete through the use cases on PostgreSQL (after a schema reset), wired as the server wires
     * them (the event outbox, next answered from the board's snapshot), one thread, {@code cycles} per round, on tasks
     * created through the use case as a client creates them: the thread's processor time covers the application,
     * JDBI and the driver, not the database's nor HTTP's.
     */
    static Cost measurePostgres(PgTarget pg, int cycles) throws Exception {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)
                || !threads.isCurrentThreadCpuTimeSupported()) {
            throw new IllegalStateException("this JVM does not count processor time and allocation per thread");
        }
        long thread = Thread.currentThread().getId();
        CompleteTask completion = CompleteTask.of("bench", null, Backlogs.PASSED, Backlogs.PASSED, AgentReport.builder()
                .summary("benchmark cycle").actualComplexity(Complexity.SMALL).actualFilesChanged("none").timeSpentMinutes(1)
                .build());
        Cost cost = null;
        pg.reset();
        try (JdbiStores stores = JdbiStores.open(Database.postgres(pg.url(), pg.user(), pg.password()))
                .nextCacheLifetime(Duration.ofSeconds(1))) {
            Tasklane app = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events())
                    .build();
            IdentityUseCase.Bootstrap bootstrap = app.identity().bootstrap(null);
            Actor agent = Actor.direct(bootstrap.admin(), bootstrap.board(), dev.tasklane.domain.identity.Access.MODIFY, "agent");
            for (int i = 0; i < cycles * (ROUNDS + 1); i++) {
                app.create().create(agent, TaskCommands.create(Map.of("title", "Bench task " + i, "type", "work",
                        "priority", i % 10 == 0 ? "high" : "medium"), "agent"));
            }
            for (int round = 0; round <= ROUNDS; round++) {
                long cpu = threads.getCurrentThreadCpuTime();
                long bytes = threads.getThreadAllocatedBytes(thread);
                for (int i = 0; i < cycles; i++) {
                    String identifier = app.next().next(agent).orElseThrow().task().identifier().toString();
                    TaskId id = app.claims().claim(agent, ClaimTask.of(identifier, "bench", Backlogs.PASSED)).task().task().id();
                    app.completion().complete(agent, new TaskRef.ById(id), completion);
                }
                cost = new Cost((threads.getCurrentThreadCpuTime() - cpu) / 1e3 / cycles,
                        (threads.getThreadAllocatedBytes(thread) - bytes) / cycles);
                System.out.printf("   PostgreSQL round %d%s: %.1f us of processor time and %,d bytes allocated per cycle%n",
                        round + 1, round == 0 ? " (warm-up)" : "", cost.cpuMicros(), cost.bytes());
            }
        }
        return cost;
    }
}
