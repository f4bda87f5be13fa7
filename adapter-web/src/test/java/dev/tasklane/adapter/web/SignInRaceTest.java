package dev.tasklane.adapter.web;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.edge.TrustedProxy;
import dev.tasklane.application.port.out.DirectoryStore;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.application.service.Secrets;
import dev.tasklane.application.service.SignInSettings;
import dev.tasklane.application.service.Tasklane;
import io.javalin.Javalin;
import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Forty wrong passwords for one account, sent together: only as many as the account's limit are judged (the user
 * read and the slow hash computed); the others answer 429 at once. The store's user lookup, which comes just before
 * the hash, waits until every attempt has either reached it or been refused, so an attempt that checked the limit
 * without taking a place would be seen: the race is made certain, not hoped for.
 */
class SignInRaceTest {
    private static final int GUESSES = 40;

    @Test
    void fortySimultaneousWrongPasswordsAreJudgedOnlyUpToTheAccountLimit() throws Exception {
        InMemoryStores stores = InMemoryStores.create();
        AtomicInteger judged = new AtomicInteger();
        java.util.concurrent.atomic.AtomicBoolean racing = new java.util.concurrent.atomic.AtomicBoolean();
        CountDownLatch settled = new CountDownLatch(GUESSES);
        DirectoryStore real = stores.directory();
        DirectoryStore watched = (DirectoryStore) Proxy.newProxyInstance(DirectoryStore.class.getClassLoader(),
                new Class<?>[] {DirectoryStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("userByUsername") && racing.get()) {
                        judged.incrementAndGet();
                    }
                    return forward(method, real, args);
                });
        // Each judged guess opens one unit of work (the user's look-up) just before its hash; it waits there, outside
        // the store's lock, until every guess has either arrived or been refused.
        Transactions units = stores.transactions();
        Transactions held = (Transactions) Proxy.newProxyInstance(Transactions.class.getClassLoader(),
                new Class<?>[] {Transactions.class}, (proxy, method, args) -> {
                    if (method.getName().equals("inTransaction") && racing.get()) {
                        settled.countDown();
                        settled.await(3, TimeUnit.SECONDS);
                    }
                    return forward(method, units, args);
                });
        Tasklane tasklane = Tasklane.builder().stores(stores.tasks(), watched, held, stores.events())
                .sessions(stores.sessions()).passwordHashIterations(Secrets.MIN_PBKDF2_ITERATIONS)
                .signInSettings(SignInSettings.defaults()).build();
        tasklane.identity().bootstrap(null);
        WebUi web = new WebUi(tasklane, new WebSettings("http://localhost", TrustedProxy.none(), Clock.systemUTC()),
                (baseUrl, token) -> new AgentFiles.Files("", ""));
        Javalin server = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            web.configure(config);
        }).start(0);
        ExecutorService pool = Executors.newFixedThreadPool(GUESSES);
        try {
            String origin = "http://localhost:" + server.port();
            HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).executor(pool).build();
            String token = "racing0123456789abcdef0123456789";
            String body = "_csrf=" + token + "&username=admin&password="
                    + URLEncoder.encode("not the password at all", StandardCharsets.UTF_8);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Integer>> answers = new ArrayList<>();
            ExecutorService senders = Executors.newFixedThreadPool(GUESSES);
            for (int i = 0; i < GUESSES; i++) {
                answers.add(senders.submit(() -> {
                    start.await();
                    HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(origin + "/signin"))
                            .header("Content-Type", "application/x-www-form-urlencoded")
                            .header("Cookie", Web.SIGN_IN_COOKIE + "=" + token)
                            .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
                    if (answer.statusCode() == 429) {
                        settled.countDown();
                    }
                    return answer.statusCode();
                }));
            }
            racing.set(true);
            start.countDown();
            Map<Integer, Integer> byStatus = new TreeMap<>();
            for (Future<Integer> answer : answers) {
                byStatus.merge(answer.get(30, TimeUnit.SECONDS), 1, Integer::sum);
            }
            senders.shutdown();

            int limit = SignInSettings.DEFAULT_ACCOUNT_FAILURES;
            assertTrue(judged.get() <= limit, "judged (user read, hash computed): " + judged.get() + ", answers " + byStatus);
            assertEquals(judged.get(), byStatus.getOrDefault(401, 0), "every judged guess answers 401: " + byStatus);
            assertEquals(GUESSES - judged.get(), byStatus.getOrDefault(429, 0), "the rest answer 429: " + byStatus);
            System.out.println("SignInRaceTest: " + GUESSES + " simultaneous guesses, judged " + judged.get()
                    + ", answers " + byStatus);
        } finally {
            server.stop();
            pool.shutdownNow();
        }
    }

    private static Object forward(java.lang.reflect.Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException thrown) {
            throw thrown.getCause();
        }
    }
}
