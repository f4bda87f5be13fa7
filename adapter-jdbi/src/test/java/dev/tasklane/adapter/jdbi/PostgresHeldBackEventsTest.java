package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.port.in.EventStreamUseCase;
import dev.tasklane.application.service.EventBus;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.BoardFixture;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * An event held back by an older transaction of the database that then ends without waking anyone (it wrote no event
 * and rolls back) still reaches a subscriber at once: the bus reads again while the store holds events back, instead
 * of waiting for its poll, which this test sets to an hour.
 */
@RequiresPostgres
final class PostgresHeldBackEventsTest {
    private JdbiStores jdbi;
    private BoardFixture board;

    @BeforeEach
    void createBoard() {
        jdbi = TestDatabases.postgres();
        board = new BoardFixture(new StoreSet(jdbi.tasks(), jdbi.directory(), jdbi.transactions(), jdbi.events()),
                CompletionMode.GRACE, builder -> builder.eventSettings(new EventBus.Settings(1_000, Duration.ofHours(1), 500)));
    }

    @AfterEach
    void stopBus() {
        board.app.eventBus().close();
    }

    @Test
    void anEventHeldBackByATransactionThatEndsQuietlyArrivesWithoutWaitingForThePoll() throws Exception {
        Database database = jdbi.database();
        try (EventStreamUseCase.Subscription subscription = board.app.events().subscribe(board.boardId, null);
             Connection older = DriverManager.getConnection(database.url(), database.user(), database.password())) {
            older.setAutoCommit(false);
            try (Statement statement = older.createStatement()) {
                statement.execute("CREATE TEMP TABLE holding (x INTEGER)"); // a transaction id, and no event
            }
            String created = id(board.create(board.admin, task("Held back")));
            assertNull(subscription.poll(Duration.ofMillis(300)), "held back while the older transaction runs");
            assertEquals(1, jdbi.events().heldBack());
            older.rollback(); // wakes no one
            long started = System.nanoTime();
            EventStreamUseCase.Delivery delivered = subscription.poll(Duration.ofSeconds(10));
            EventStreamUseCase.Event event = assertInstanceOf(EventStreamUseCase.Event.class, delivered,
                    "delivered before the hour's poll");
            assertEquals(created, event.event().identifier());
            long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            System.out.println("held-back event delivered " + took + " ms after the older transaction ended");
        }
    }
}
