package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.port.in.WebhooksUseCase.Created;
import dev.tasklane.application.port.in.WebhooksUseCase.NewWebhook;
import dev.tasklane.application.port.out.WebhookTransport;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.service.WebhookDispatcher;
import dev.tasklane.application.service.WebhookSettings;
import dev.tasklane.application.testing.TinyJson;
import dev.tasklane.application.usecase.BoardFixture;
import dev.tasklane.application.usecase.WebhookContract.Receiver;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.webhook.RetrySchedule;
import dev.tasklane.domain.webhook.WebhookDelivery;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two servers on one PostgreSQL, the first one dying in the middle of its sends: its worker has fed the events and
 * leased the deliveries, and hangs inside its attempts, never to record them (what {@code kill -9} leaves behind:
 * leases held, no answer written). The second server, with stores of its own on the same database, takes each
 * delivery once its lease ran out and goes on feeding from the stored cursor; its receiver fails each message's first
 * attempt, lets the second time out and accepts the third. The de-duplicating receiver gets every event exactly once.
 */
@RequiresPostgres
final class PostgresWebhookFaultTest {
    private static final WebhookSettings SETTINGS = new WebhookSettings(RetrySchedule.DEFAULT, Duration.ofDays(5),
            Duration.ofSeconds(60), 32, Duration.ofDays(14));

    @Test
    void aSecondServerDeliversEverythingTheDeadOneLeasedExactlyOnce() throws Exception {
        JdbiStores storesA = TestDatabases.postgres();
        BoardFixture serverA = new BoardFixture(TestDatabases.set(storesA), CompletionMode.GRACE,
                builder -> builder.webhooks(storesA.webhooks(), TinyJson.INSTANCE).webhookSettings(SETTINGS));
        Created created = serverA.app.webhooks().create(serverA.admin, serverA.boardId,
                new NewWebhook("https://hooks.example.com/in", null, "fault"));
        List<String> written = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            written.add(id(serverA.create(serverA.admin, task("before the crash " + i))));
        }

        CountDownLatch never = new CountDownLatch(1);
        AtomicInteger hanging = new AtomicInteger();
        WebhookTransport dying = (url, headers, body) -> {
            hanging.incrementAndGet();
            while (true) {
                try {
                    never.await();
                    return new WebhookTransport.Outcome(null, "the process is gone", Duration.ZERO);
                } catch (InterruptedException ignored) {
                    // a killed process answers nothing, interrupted or not
                }
            }
        };
        ExecutorService deadSenders = Executors.newFixedThreadPool(4);
        ExecutorService deadWorker = Executors.newSingleThreadExecutor();
        WebhookDispatcher dead = serverA.app.webhookDispatcher(dying, deadSenders).orElseThrow();
        deadWorker.submit(dead::runOnce);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (hanging.get() < 4 && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertEquals(4, hanging.get(), "the dying server is inside four attempts");

        JdbiStores storesB = JdbiStores.open(storesA.database().withPoolSize(4));
        try (storesB) {
            Tasklane serverB = BoardFixture.builder(TestDatabases.set(storesB)).clock(serverA.clock)
                    .webhooks(storesB.webhooks(), TinyJson.INSTANCE).webhookSettings(SETTINGS).build();
            Map<String, Integer> seenBy = new ConcurrentHashMap<>();
            Receiver receiver = new Receiver((messageId, attempt) -> switch (attempt) {
                case 1 -> new WebhookTransport.Outcome(500, "failing", Duration.ofMillis(1));
                case 2 -> new WebhookTransport.Outcome(null, "timed out after 5 s", Duration.ofSeconds(5));
                default -> new WebhookTransport.Outcome(204, "", Duration.ofMillis(1));
            }, List.of(created.secret()));
            WebhookDispatcher alive = serverB.webhookDispatcher(receiver, Runnable::run).orElseThrow();
            for (int i = 0; i < 5; i++) {
                written.add(id(serverA.create(serverA.admin, task("after the crash " + i))));
            }
            for (int round = 0; round < 25; round++) {
                serverA.clock.advance(Duration.ofMinutes(1));
                alive.runOnce();
            }
            assertEquals(25, receiver.unique().size(), receiver.unique().keySet().toString());
            assertTrue(receiver.bad.isEmpty(), receiver.bad.toString());
            assertEquals(75, receiver.calls.get(), "three attempts each by the live server, none twice");
            List<String> identifiers = new ArrayList<>();
            for (String body : receiver.unique().values()) {
                int at = body.indexOf("\"identifier\":\"") + 14;
                identifiers.add(body.substring(at, body.indexOf('"', at)));
            }
            assertEquals(new HashSet<>(written), new HashSet<>(identifiers));
            for (WebhookDelivery d : serverB.webhooks().deliveries(serverA.admin, serverA.boardId,
                    created.webhook().id(), 100)) {
                assertEquals(WebhookDelivery.State.DELIVERED, d.state(), d.toString());
                assertEquals(3, d.attempts(), "the dead server recorded none: " + d);
                seenBy.merge(d.messageId(), 1, Integer::sum);
            }
            assertEquals(25, seenBy.size());
            System.out.printf("PostgresWebhookFaultTest: server A died inside %d attempts holding the leases of its "
                    + "batch; server B delivered all %d events exactly once (%d attempts)%n", hanging.get(),
                    receiver.unique().size(), receiver.calls.get());
        } finally {
            deadWorker.shutdownNow();
            deadSenders.shutdownNow();
        }
    }
}
