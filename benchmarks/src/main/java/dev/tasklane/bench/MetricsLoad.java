package dev.tasklane.bench;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.adapter.jdbi.Database;
import dev.tasklane.adapter.jdbi.JdbiStores;
import dev.tasklane.application.port.in.MetricsRequest;
import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.port.out.FlowStore;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.flow.FlowAgent;
import dev.tasklane.domain.flow.FlowReport;
import dev.tasklane.domain.flow.TaskFlow.MoveCount;
import dev.tasklane.domain.flow.TaskFlow;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.TaskType;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The flow figures of a board with {@code inWindow} tasks finished inside the 14-day window, through the use case
 * ({@code FlowMetricsUseCase.metrics}, what {@code GET /api/metrics} and the metrics page call), in memory and on
 * PostgreSQL; and, timed alternately with it, a second board with the same window and {@code outside} more tasks
 * finished long before it, for the ratio that shows the cost does not follow the history outside the window. The rollup is loaded directly (the flow store in
 * memory, one INSERT ... SELECT per chunk on PostgreSQL): the figure measured is the read.
 */
final class MetricsLoad {
    static final int AGENTS = 16;
    private static final long DAY_MS = Duration.ofDays(1).toMillis();
    private static final long BUCKET_MS = MoveCount.BUCKET.toMillis();
    private static final long CHUNK = 50_000;

    /** p50 of the metrics call with the window's tasks only, and with the older history added. */
    record Timing(Stats window, Stats withHistory, long inWindow, long outside, double cpuMillis) {
        double ratio() {
            return withHistory.p50() / window.p50();
        }
    }

    /** A board being filled: the application, its admin, and how rows are added. */
    private interface Loader {
        /** Tasks of {@code board}'s board numbered {@code first..last}, finished evenly between {@code from} and {@code to} (epoch ms). */
        void finished(Actor board, long first, long last, long from, long to) throws Exception;
    }

    private MetricsLoad() {
    }

    static Timing memory(long inWindow, long outside, int warmup, int samples) throws Exception {
        InMemoryStores stores = InMemoryStores.create();
        Tasklane app = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions()).build();
        IdentityUseCase.Bootstrap bootstrap = app.identity().bootstrap(null);
        Actor admin = Actor.direct(bootstrap.admin(), bootstrap.board(), dev.tasklane.domain.identity.Access.MODIFY, null);
        FlowStore flows = stores.tasks().flows();
        Loader loader = (owner, first, last, from, to) -> {
            for (long chunk = first; chunk <= last; chunk += CHUNK) {
                long a = chunk;
                long b = Math.min(last, chunk + CHUNK - 1);
                stores.transactions().inTransaction(() -> {
                    for (long g = a; g <= b; g++) {
                        long done = from + (g - first) * (to - from) / Math.max(1, last - first + 1);
                        flows.putFlow(owner.boardId(), TaskId.of(g), flow(g, done, owner));
                    }
                    flows.addMoves(owner.boardId(), moves(b - a + 1, from + (a - first) * (to - from) / Math.max(1, last - first + 1),
                            from + (b - first) * (to - from) / Math.max(1, last - first + 1)));
                    return null;
                });
            }
        };
        Actor other = secondBoard(stores.transactions(), stores.directory(), admin);
        return measure(app, admin, other, loader, inWindow, outside, warmup, samples);
    }

    /** A second board for the same admin, whose older history the first board does not have. */
    private static Actor secondBoard(dev.tasklane.application.port.out.Transactions transactions,
                                     dev.tasklane.application.port.out.DirectoryStore directory, Actor admin) {
        dev.tasklane.domain.identity.Board board = transactions.inTransaction(() -> directory.insertBoard("With history"));
        return admin.onBoard(board, dev.tasklane.domain.identity.Access.MODIFY);
    }

    static Timing postgres(PgTarget pg, long inWindow, long outside, int warmup, int samples) throws Exception {
        pg.reset();
        try (JdbiStores stores = JdbiStores.open(Database.postgres(pg.url(), pg.user(), pg.password()))) {
            Tasklane app = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions()).build();
            IdentityUseCase.Bootstrap bootstrap = app.identity().bootstrap(null);
            Actor admin = Actor.direct(bootstrap.admin(), bootstrap.board(), dev.tasklane.domain.identity.Access.MODIFY, null);
            Loader loader = (owner, first, last, from, to) -> {
                try (Connection connection = stores.dataSource().getConnection();
                     Statement statement = connection.createStatement()) {
                    statement.execute("SET statement_timeout = 0");
                    long n = last - first + 1;
                    for (long a = first; a <= last; a += CHUNK) {
                        long b = Math.min(last, a + CHUNK - 1);
                        String done = "(" + from + " + (g - " + first + ") * " + (to - from) + " / " + n + ")";
                        String cycle = "(1800000 + (g * 104729) % 14400000)";
                        String lead = "(" + cycle + " + (g * 7919) % 86400000)";
                        statement.execute("INSERT INTO task_flow (task_id, board_id, identifier, type, flow_column, created_ms, "
                                + "first_claim_ms, entered_review_ms, review_decision_ms, done_ms, agent_user_id, agent_name, "
                                + "review_wait_ms, review_open_ms, times_sent_back) SELECT g, " + owner.boardId() + ", 'W' || g, "
                                + "'work', 3, " + done + " - " + lead + ", " + done + " - " + cycle + ", CASE WHEN g % 2 = 0 THEN "
                                + done + " - 3600000 END, CASE WHEN g % 2 = 0 THEN " + done + " - 1800000 END, " + done + ", "
                                + owner.userId() + ", 'agent-' || (g % " + AGENTS + "), CASE WHEN g % 2 = 0 THEN 1800000 ELSE 0 END, "
                                + "NULL, CASE WHEN g % 10 = 0 THEN 1 ELSE 0 END FROM generate_series(CAST(" + a + " AS BIGINT), CAST(" + b + " AS BIGINT)) g");
                    }
                    // one creation, claim and Done per task, counted per 15-minute bucket
                    long firstBucket = Math.floorDiv(from, BUCKET_MS);
                    long lastBucket = Math.floorDiv(to, BUCKET_MS);
                    long buckets = lastBucket - firstBucket + 1;
                    for (String move : List.of("-1, 0", "0, 1", "1, 3")) {
                        statement.execute("INSERT INTO flow_moves (board_id, bucket_s, from_column, to_column, moves) SELECT "
                                + owner.boardId() + ", k * " + (BUCKET_MS / 1000) + ", " + move + ", GREATEST(1, " + n / buckets
                                + ") FROM generate_series(CAST(" + firstBucket + " AS BIGINT), CAST(" + lastBucket + " AS BIGINT)) k "
                                + "ON CONFLICT (board_id, bucket_s, from_column, to_column) DO UPDATE SET moves = flow_moves.moves + EXCLUDED.moves");
                    }
                    statement.execute("INSERT INTO flow_agents (board_id, user_id, agent_name, last_activity_ms) SELECT "
                            + owner.boardId() + ", " + owner.userId() + ", 'agent-' || a, " + to + " FROM generate_series(0, "
                            + (AGENTS - 1) + ") a ON CONFLICT (board_id, user_id, agent_name) DO UPDATE SET last_activity_ms = "
                            + "GREATEST(flow_agents.last_activity_ms, EXCLUDED.last_activity_ms)");
                    statement.execute("ANALYZE task_flow");
                    statement.execute("ANALYZE flow_moves");
                }
            };
            Actor other = secondBoard(stores.transactions(), stores.directory(), admin);
            return measure(app, admin, other, loader, inWindow, outside, warmup, samples);
        }
    }

    /**
     * Loads {@code inWindow} finished tasks on each board, and {@code outside} older ones on the second only, then
     * times the two boards' figures alternately, so that both see the same load on the machine.
     */
    private static Timing measure(Tasklane app, Actor admin, Actor other, Loader loader, long inWindow, long outside,
                                  int warmup, int samples) throws Exception {
        long now = Instant.now().toEpochMilli();
        // the last 13 days up to a minute ago: inside the 14-day window (today counts) whatever the hour
        loader.finished(admin, 1, inWindow, now - 13 * DAY_MS, now - 60_000);
        loader.finished(other, 20_000_001, 20_000_000 + inWindow, now - 13 * DAY_MS, now - 60_000);
        // older history: a year of finished work ending before the previous window starts
        long olderEnd = now - 30 * DAY_MS;
        loader.finished(other, 30_000_001, 30_000_000 + outside, olderEnd - 365 * DAY_MS, olderEnd);
        MetricsRequest request = new MetricsRequest("14d", null, null, null, null);
        for (int i = 0; i < warmup; i++) {
            check(app.flow().metrics(admin, request).report(), inWindow);
            check(app.flow().metrics(other, request).report(), inWindow);
        }
        long[] alone = new long[samples];
        long[] withHistory = new long[samples];
        for (int i = 0; i < samples; i++) {
            long began = System.nanoTime();
            FlowReport report = app.flow().metrics(admin, request).report();
            alone[i] = System.nanoTime() - began;
            check(report, inWindow);
            began = System.nanoTime();
            report = app.flow().metrics(other, request).report();
            withHistory[i] = System.nanoTime() - began;
            check(report, inWindow);
        }
        double cpu = cpuMillis(app, admin, samples);
        return new Timing(Stats.ofNanos(alone), Stats.ofNanos(withHistory), inWindow, outside, cpu);
    }

    /**
     * The median processor time of this thread per call (the JVM's share: in memory all of it, on PostgreSQL
     * without the database's), which a loaded machine inflates far less than the elapsed time.
     */
    private static double cpuMillis(Tasklane app, Actor admin, int samples) {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        MetricsRequest request = new MetricsRequest("14d", null, null, null, null);
        long[] nanos = new long[samples];
        for (int i = 0; i < samples; i++) {
            long began = threads.getCurrentThreadCpuTime();
            app.flow().metrics(admin, request);
            nanos[i] = threads.getCurrentThreadCpuTime() - began;
        }
        return Stats.ofNanos(nanos).p50();
    }

    private static void check(FlowReport report, long expected) {
        if (report.throughput().total() != expected) {
            throw new IllegalStateException("the window holds " + report.throughput().total() + " finished tasks, not " + expected);
        }
    }

    private static TaskFlow flow(long g, long done, Actor admin) {
        long cycle = 1_800_000 + (g * 104_729) % 14_400_000;
        long lead = cycle + (g * 7_919) % 86_400_000;
        boolean reviewed = g % 2 == 0;
        return new TaskFlow("W" + g, TaskType.WORK, Instant.ofEpochMilli(done - lead), Status.COMPLETED,
                Instant.ofEpochMilli(done - cycle), reviewed ? Instant.ofEpochMilli(done - 3_600_000) : null,
                reviewed ? Instant.ofEpochMilli(done - 1_800_000) : null, Instant.ofEpochMilli(done),
                new FlowAgent(admin.userId(), "agent-" + g % AGENTS), reviewed ? 1_800_000 : 0, null, g % 10 == 0 ? 1 : 0);
    }

    private static List<MoveCount> moves(long tasks, long from, long to) {
        List<MoveCount> moves = new ArrayList<>();
        long buckets = Math.max(1, (to - from) / BUCKET_MS + 1);
        long each = Math.max(1, tasks / buckets);
        for (long at = from; at <= to; at += BUCKET_MS) {
            Instant bucket = MoveCount.bucketOf(Instant.ofEpochMilli(at));
            moves.add(new MoveCount(bucket, null, Status.OPEN, each));
            moves.add(new MoveCount(bucket, Status.OPEN, Status.IN_PROGRESS, each));
            moves.add(new MoveCount(bucket, Status.IN_PROGRESS, Status.COMPLETED, each));
        }
        return moves;
    }
}
