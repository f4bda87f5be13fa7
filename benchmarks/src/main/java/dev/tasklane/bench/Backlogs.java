package dev.tasklane.bench;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.adapter.jdbi.Database;
import dev.tasklane.adapter.jdbi.JdbiStores;
import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.testing.Tasks;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.task.Priority;

import java.sql.Connection;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Backlog independence: {@code next} + {@code claim} of the task next hands out, in one JVM through the use
 * cases, with 1,000, 100,000 and 1,000,000 Ready tasks on the board, in memory and on PostgreSQL. The backlog
 * grows between sizes; each size is measured after a warm-up.
 */
final class Backlogs {
    static final Map<String, Object> PROOF = Map.of("exit_code", 0, "output", "ok", "duration_ms", 1);
    /** {@link #PROOF}, typed, as the claim command takes it. */
    static final HookResult PASSED = HookResult.success("ok", 1);

    /** A store with a board, an agent, and a way to add Ready tasks numbered {@code from..to}. */
    /** How a board gets Ready tasks numbered {@code from} to {@code to}. */
    @FunctionalInterface
    interface ReadyLoader {
        void addReady(long from, long to) throws Exception;
    }

    /** A board under test: the application, the agent that claims, how it is filled, and what closing frees. */
    record Board(Tasklane app, Actor agent, ReadyLoader loader, AutoCloseable resources) implements AutoCloseable {
        void addReady(long from, long to) throws Exception {
            loader.addReady(from, to);
        }

        @Override
        public void close() throws Exception {
            resources.close();
        }
    }

    /** p50/p99 of next + claim at each backlog size. */
    static Map<Long, Stats> measure(Board board, long[] sizes, int warmup, int samples) throws Exception {
        Map<Long, Stats> bySize = new LinkedHashMap<>();
        long loaded = 0;
        for (long size : sizes) {
            // every size's cycles take tasks out of Ready: top up so that the backlog goes from size + warmup +
            // samples down to size while this size is measured
            long ready = size + (long) (bySize.size() + 1) * (warmup + samples);
            board.addReady(loaded + 1, ready);
            loaded = ready;
            for (int i = 0; i < warmup; i++) {
                cycle(board);
            }
            long[] nanos = new long[samples];
            for (int i = 0; i < samples; i++) {
                long began = System.nanoTime();
                cycle(board);
                nanos[i] = System.nanoTime() - began;
            }
            bySize.put(size, Stats.ofNanos(nanos));
        }
        return bySize;
    }

    private static void cycle(Board board) {
        String identifier = board.app().next().next(board.agent()).orElseThrow().task().identifier().toString();
        board.app().claims().claim(board.agent(), ClaimTask.of(identifier, "bench", PASSED));
    }

    static Board memory() {
        InMemoryStores stores = InMemoryStores.create();
        Tasklane app = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions()).build();
        IdentityUseCase.Bootstrap bootstrap = app.identity().bootstrap(null);
        Actor agent = Actor.direct(bootstrap.admin(), bootstrap.board(), dev.tasklane.domain.identity.Access.MODIFY, "agent");
        return new Board(app, agent, (from, to) -> {
            for (long chunk = from; chunk <= to; chunk += 10_000) {
                long first = chunk;
                long last = Math.min(to, chunk + 9_999);
                stores.transactions().inTransaction(() -> {
                    for (long n = first; n <= last; n++) {
                        stores.tasks().insert(Tasks.work(agent.boardId(), n).position(n).build());
                    }
                    return null;
                });
            }
        }, () -> { });
    }

    /** On PostgreSQL (after a schema reset): the tasks are loaded server side with one INSERT ... SELECT. */
    /** Rows per INSERT of the PostgreSQL backlog loader. */
    private static final long LOAD_CHUNK = 50_000;

    static Board postgres(PgTarget pg) throws Exception {
        pg.reset();
        JdbiStores stores = JdbiStores.open(Database.postgres(pg.url(), pg.user(), pg.password()));
        Tasklane app = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions()).build();
        IdentityUseCase.Bootstrap bootstrap = app.identity().bootstrap(null);
        Actor agent = Actor.direct(bootstrap.admin(), bootstrap.board(), dev.tasklane.domain.identity.Access.MODIFY, "agent");
        return new Board(app, agent, (from, to) -> {
            String spec = "'{\"title\":\"Task W' || g || '\",\"type\":\"WORK\",\"priority\":\"MEDIUM\",\"complexity\":\"SMALL\","
                    + "\"acceptance_criteria\":\"done\",\"human_task\":false,\"dependencies\":[]}'";
            try (Connection connection = stores.dataSource().getConnection();
                 Statement statement = connection.createStatement()) {
                // The server's statement and socket timeouts guard requests; a bulk load of a million rows is not
                // one: it goes in chunks that each finish well inside them, with no statement timeout of its own.
                statement.execute("SET statement_timeout = 0");
                for (long first = from; first <= to; first += LOAD_CHUNK) {
                    long last = Math.min(to, first + LOAD_CHUNK - 1);
                    statement.execute("INSERT INTO tasks (board_id, identifier, identifier_rank, identifier_number, "
                            + "type, position, priority_order, title, status, human_task, spec, created_by_id, "
                            + "inserted_at, updated_at, version) SELECT " + agent.boardId() + ", 'W' || g, 0, g, 'WORK', g, "
                            + (-Priority.MEDIUM.rank()) + ", 'Task W' || g, 'OPEN', FALSE, " + spec + ", "
                            + agent.userId() + ", now(), now(), 0 FROM generate_series(" + first + ", " + last + ") g");
                }
                statement.execute("ANALYZE tasks");
            }
        }, stores::close);
    }
}
