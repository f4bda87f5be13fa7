package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.pipeline.IdempotencyKeys;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.port.in.StoreUnavailableException;
import dev.tasklane.application.port.out.TaskStore;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.application.service.Tasklane;
import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import static dev.tasklane.adapter.http.Harness.map;
import static dev.tasklane.adapter.http.Harness.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The HTTP edge while the store is unavailable (the store adapter raised {@link StoreUnavailableException}): every
 * request answers 503 with {@code Retry-After} and a body saying so, never a 500; {@code /health} stays 200 and
 * {@code /health/ready} turns 503; the same server answers normally once the store is back; a 503 releases the
 * request's {@code Idempotency-Key} so that its retry runs.
 */
class StoreOutageHttpTest {
    /** Stores that can be switched off: every transaction, or only the task store's calls, fail as unavailable. */
    private static final class Switchable {
        final AtomicBoolean down = new AtomicBoolean();
        final AtomicBoolean tasksDown = new AtomicBoolean();
        final Tasklane tasklane;

        Switchable() {
            InMemoryStores stores = InMemoryStores.create();
            Transactions transactions = new Transactions() {
                @Override
                public <T> T inTransaction(Supplier<T> work) {
                    if (down.get()) {
                        throw new StoreUnavailableException("test: connection refused");
                    }
                    return stores.transactions().inTransaction(work);
                }

                @Override
                public <T> java.util.Optional<T> tentatively(Supplier<java.util.Optional<T>> work) {
                    return stores.transactions().tentatively(work);
                }
            };
            TaskStore tasks = (TaskStore) Proxy.newProxyInstance(TaskStore.class.getClassLoader(),
                    new Class<?>[] {TaskStore.class}, (proxy, method, args) -> {
                        if (tasksDown.get()) {
                            throw new StoreUnavailableException("test: connection lost mid-request");
                        }
                        try {
                            return method.invoke(stores.tasks(), args);
                        } catch (InvocationTargetException thrown) {
                            throw thrown.getCause();
                        }
                    });
            tasklane = Tasklane.builder().stores(tasks, stores.directory(), transactions)
                    .idempotency(stores.idempotency()).build();
        }
    }

    private static final Duration RETRY_AFTER = Duration.ofSeconds(7);

    private static HttpSettings settings() {
        return HttpSettings.defaults("http://localhost").withUnavailableRetryAfter(RETRY_AFTER);
    }

    private static void assertUnavailable(Res res) {
        assertEquals(503, res.status(), res::toString);
        assertEquals(Long.toString(RETRY_AFTER.toSeconds()), res.header("Retry-After"), res::toString);
        assertEquals("store_unavailable", res.body().get("code"), res::toString);
        assertTrue(String.valueOf(res.body().get("error")).contains("database is unavailable"), res::toString);
    }

    @Test
    void anOutageAnswers503WithRetryAfterAndTheServerRecoversWithoutRestart() {
        Switchable store = new Switchable();
        Harness.run(store.tasklane, settings(), h -> {
            assertEquals(201, h.post("/api/tasks", map("task", task("Before the outage"))).status());
            assertEquals(200, h.send("GET", "/health/ready", null, null).status());

            store.down.set(true);
            assertUnavailable(h.get("/api/tasks"));
            assertUnavailable(h.post("/api/tasks", map("task", task("During the outage"))));
            assertUnavailable(h.send("POST", "/api/tasks/claim", map("agent_name", "a"), Harness.TOKEN));
            assertUnavailable(h.get("/api/me"));
            Res alive = h.send("GET", "/health", null, null);
            assertEquals(200, alive.status(), "liveness never depends on the store: " + alive);
            assertEquals("ok", alive.body().get("status"));
            Res ready = h.send("GET", "/health/ready", null, null);
            assertUnavailable(ready);
            assertEquals("unavailable", ready.body().get("status"));
            assertEquals("memory", ready.body().get("store"));

            store.down.set(false);
            Res readyAgain = h.send("GET", "/health/ready", null, null);
            assertEquals(200, readyAgain.status(), readyAgain::toString);
            assertEquals(Map.of("status", "ready", "store", "memory"), readyAgain.body());
            Res listed = h.get("/api/tasks");
            assertEquals(200, listed.status(), listed::toString);
            assertEquals(1, listed.list().size(), "the write refused with 503 left nothing behind");
        });
    }

    @Test
    void aFailedAuthenticationDuringAnOutageIsNotCountedAgainstTheAddress() {
        Switchable store = new Switchable();
        Harness.run(store.tasklane, settings(), h -> {
            store.down.set(true);
            for (int i = 0; i < HttpSettings.DEFAULT_FAILED_AUTH_LIMIT + 5; i++) {
                assertUnavailable(h.get("/api/me"));
            }
            store.down.set(false);
            assertEquals(200, h.get("/api/me").status(), "no 429: the outage was not the caller's fault");
        });
    }

    @Test
    void a503ReleasesTheIdempotencyKeySoTheRetryRuns() {
        Switchable store = new Switchable();
        Harness.run(store.tasklane, settings(), h -> {
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("Authorization", "Bearer " + Harness.TOKEN);
            headers.put("Idempotency-Key", "retry-after-outage");
            String body = Harness.write(map("task", task("Written once")));

            store.tasksDown.set(true);
            assertUnavailable(h.raw("POST", "/api/tasks", body, headers));
            store.tasksDown.set(false);
            Res retried = h.raw("POST", "/api/tasks", body, headers);
            assertEquals(201, retried.status(), "the key was released by the 503: " + retried);
            assertNull(retried.header(IdempotencyKeys.REPLAYED));
            Res again = h.raw("POST", "/api/tasks", body, headers);
            assertEquals("true", again.header(IdempotencyKeys.REPLAYED), again::toString);
            assertEquals(retried.raw().body(), again.raw().body());
            assertEquals(1, h.get("/api/tasks").list().size());
        });
    }
}
