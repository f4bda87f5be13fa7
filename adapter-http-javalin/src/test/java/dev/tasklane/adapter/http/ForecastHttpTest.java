package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.port.in.TargetForecastUseCase.ForecastQuery;
import dev.tasklane.application.service.ForecastLimits;
import dev.tasklane.application.service.Secrets;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.usecase.MutableClock;
import dev.tasklane.domain.forecast.Forecast;
import dev.tasklane.domain.targets.TargetId;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code GET /api/targets/:id/forecast} off the request thread (docs/forecasting.md, "Off the request"): the
 * forecast worker is held by the test, so a forecast cannot finish until the test lets it. While it waits no thread
 * is in the route; it is answered when the forecast is made, or 202 with where to ask again after the wait; the
 * board's cap refuses 429 with Retry-After; a repeat is the kept forecast; the answer equals a synchronous
 * computation over the same history.
 */
class ForecastHttpTest {
    private static final Instant START = Instant.parse("2026-11-02T09:00:00Z");

    /** A board with ten tasks done an hour each and two open in a target, served over a held forecast worker. */
    private static void serve(Duration wait, BlockingQueue<Runnable> held, Fixture test) {
        MutableClock clock = new MutableClock(START);
        InMemoryStores stores = InMemoryStores.create();
        Tasklane tasklane = Tasklane.builder()
                .stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events())
                .sessions(stores.sessions()).targets(stores.targets()).clock(clock)
                .forecastRefresher(work -> { }).forecastWorker(held::add)
                .forecastLimits(new ForecastLimits(2, 1, wait))
                .passwordHashIterations(Secrets.MIN_PBKDF2_ITERATIONS).build();
        Harness.run(tasklane, HttpSettings.defaults("http://localhost:7070"), h -> {
            for (int i = 1; i <= 12; i++) {
                h.createTask("Task " + i);
            }
            for (int i = 1; i <= 10; i++) {
                h.claim("W" + i, Harness.TOKEN);
                clock.advance(Duration.ofMinutes(30 + 7L * i));
                assertEquals(200, h.complete("W" + i, Harness.TOKEN).status());
            }
            Res target = h.post("/api/targets", Map.of("name", "Release", "due_date", "2026-12-24",
                    "tasks", List.of("W11", "W12")));
            assertEquals(201, target.status(), target::toString);
            long id = ((Number) target.data().get("id")).longValue();
            test.run(h, tasklane, id, stores, clock);
        });
    }

    @FunctionalInterface
    private interface Fixture {
        void run(Harness h, Tasklane tasklane, long target, InMemoryStores stores, MutableClock clock);
    }

    @Test
    void aWhatIfWaitsWithoutAThreadAndIsAnsweredWhenMadeThenKept() {
        BlockingQueue<Runnable> held = new LinkedBlockingQueue<>();
        serve(Duration.ofSeconds(20), held, (h, tasklane, target, stores, clock) -> {
            String path = "/api/targets/" + target + "/forecast?agents=2&runs=200";
            CompletableFuture<HttpResponse<String>> asked = h.http().sendAsync(HttpRequest.newBuilder(
                    URI.create(h.origin + path)).header("Authorization", "Bearer " + Harness.TOKEN).build(),
                    HttpResponse.BodyHandlers.ofString());
            Runnable forecast = take(held);
            assertTrue(noThreadIn("TargetRoutes"), "the request waits for its forecast, no thread held in the route");
            assertFalse(asked.isDone(), "answered when made, not before");
            forecast.run();
            HttpResponse<String> answer = asked.join();
            assertEquals(200, answer.statusCode(), answer::body);
            Res again = h.get(path);
            assertEquals(200, again.status(), "a repeat is the kept forecast, at once");
            assertEquals(answer.body(), again.raw().body());
            assertTrue(held.isEmpty(), "a repeat makes no second forecast");
        });
    }

    @Test
    void aForecastStillRunningIs202WithWhereToAskAndTheBoardsCapRefuses() {
        BlockingQueue<Runnable> held = new LinkedBlockingQueue<>();
        serve(Duration.ofMillis(100), held, (h, tasklane, target, stores, clock) -> {
            String path = "/api/targets/" + target + "/forecast?runs=300&agents=3";
            Res running = h.get(path);
            assertEquals(202, running.status(), running::toString);
            assertEquals(path, running.header("Location"));
            assertEquals("1", running.header("Retry-After"));
            assertEquals("running", running.body().get("status"));
            assertEquals(path, running.body().get("location"));

            Res refused = h.get("/api/targets/" + target + "/forecast?agents=4");
            assertEquals(429, refused.status(), refused::toString);
            assertNotNull(refused.header("Retry-After"));
            assertEquals("forecasts_busy", refused.body().get("code"));
            assertTrue(String.valueOf(refused.body().get("error")).contains("ask again in"), refused::toString);
            assertEquals(202, h.get(path).status(), "the same ask joins the one queued, refused by no cap");
            assertEquals(1, held.size());

            take(held).run();
            Res made = h.get(running.header("Location"));
            assertEquals(200, made.status(), made::toString);

            ForecastQuery query = new ForecastQuery(300, 3, null, null);
            Forecast kept = tasklane.targetForecasts().forecastAsync(tasklane.identity().authenticate(Harness.TOKEN,
                    null), TargetId.of(target), query).join().orElseThrow();
            Tasklane synchronous = Tasklane.builder()
                    .stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events())
                    .targets(stores.targets()).clock(clock).forecastRefresher(work -> { })
                    .passwordHashIterations(Secrets.MIN_PBKDF2_ITERATIONS).build();
            Forecast onTheCallersThread = synchronous.targetForecasts().forecast(
                    synchronous.identity().authenticate(Harness.TOKEN, null), TargetId.of(target), query);
            assertEquals(onTheCallersThread, kept, "the same forecast as the one made on the caller's thread");
            assertEquals(kept.p85().toString(), ((Map<?, ?>) made.body().get("data")).get("p85"));
        });
    }

    private static Runnable take(BlockingQueue<Runnable> held) {
        try {
            Runnable work = held.poll(10, TimeUnit.SECONDS);
            assertNotNull(work, "the forecast was queued on the worker");
            return work;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new AssertionError(interrupted);
        }
    }

    /** Whether, within a second, no thread's stack holds a frame of {@code className}. */
    private static boolean noThreadIn(String className) {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        while (System.nanoTime() < until) {
            boolean found = Thread.getAllStackTraces().values().stream().flatMap(java.util.Arrays::stream)
                    .anyMatch(frame -> frame.getClassName().endsWith("." + className));
            if (!found) {
                return true;
            }
            Thread.onSpinWait();
        }
        return false;
    }
}
