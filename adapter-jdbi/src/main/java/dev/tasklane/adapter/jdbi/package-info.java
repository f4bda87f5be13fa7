/**
 * The SQL store on JDBI: PostgreSQL and H2 behind the outbound ports, Flyway migrations, the connection pool, and
 * the one translation of database failures (a collision, an unreachable database) into the application's
 * exceptions (docs/architecture.md, docs/operations.md).
 *
 * <h2>The write path</h2>
 *
 * <pre>
 *   UseCaseRunner ── Transactions.inTransaction ──▶ JdbiTransactions ── creates ──▶ UnitOfWork (one per transaction)
 *                                                                                   ├─ handle, commit
 *                                                                                   ├─ Reads: rows read, locks, WIP limits
 *                                                                                   └─ PendingWrites: rows stated
 *   JdbiTaskStore.lockById / lockCandidate ── SELECT … FOR UPDATE, at once ──▶ Reads.locked(task, limits)
 *   JdbiTaskStore.update ── row locked at this version? ──▶ PendingWrites.stateTaskUpdate
 *                        └─ otherwise ────────────────────▶ UPDATE … WHERE version = :version, at once
 *   JdbiTaskStore.appendHistory, JdbiFlowStore.putFlow/addMoves ──▶ PendingWrites (history rows, rollup rows)
 *   EventOutbox.appendLast ──▶ WriteFold.withEvents: on PostgreSQL one statement of CTEs
 *                              (task UPDATE + history + flow + events + counting rows [+ COMMIT])
 *   commit ──▶ WriteFold.flush: what is left, one statement per table (H2's every change)
 * </pre>
 *
 * <ul>
 *   <li>{@link dev.tasklane.adapter.jdbi.JdbiTransactions.UnitOfWork} is the transaction as one object: created by
 *       {@link dev.tasklane.adapter.jdbi.JdbiTransactions} when the application's use-case runner begins a unit of
 *       work, bound to the calling thread (the stores' one ambient handle, {@code JdbiTransactions#unit}), and
 *       dropped when it ends. It holds the handle and the commit, what the transaction read and locked
 *       ({@code UnitOfWork.Reads}), what it will write ({@link dev.tasklane.adapter.jdbi.JdbiTransactions.PendingWrites}), and what
 *       waits for its end or its commit.</li>
 *   <li>Each store states its own rows and writes their SQL: the task row's {@code UPDATE} is
 *       {@code TaskRows#update(int, boolean)}, the history rows' {@code HistoryRows}, the events'
 *       {@link dev.tasklane.adapter.jdbi.JdbiEventOutbox}, the rollup's {@link dev.tasklane.adapter.jdbi.JdbiFlowStore.PendingFlow}.
 *       Each store method's documentation says where its SQL goes: at once, or stated for the fold.</li>
 *   <li>{@link dev.tasklane.adapter.jdbi.JdbiEventOutbox.WriteFold} is the one step that sends stated rows: with the events in one
 *       statement on PostgreSQL (a claim is its lock and that statement, a completion likewise), alone before any
 *       other statement that could read them, and the rest with the commit.</li>
 * </ul>
 *
 * A store method called outside a unit of work runs in a transaction of its own.
 */
package dev.tasklane.adapter.jdbi;
