package dev.tasklane.bootstrap;

import dev.tasklane.application.service.Secrets;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

/** What the fault-injection tests share: their short database timeouts and small helpers around server processes. */
final class FaultTests {
    /**
     * Short timeouts for the servers under test, so that faults show within seconds; a 5 s lease so a dead server's
     * keys free up within the test. The start-up wait is separate and long: a JVM starting on a loaded 2-core machine
     * may miss the 2 s connect timeout with its first connection, and then tries again instead of failing the test
     * before its fault is injected.
     */
    static final Map<String, String> SHORT_TIMEOUTS = Map.of("TASKLANE_DB_CONNECT_TIMEOUT", "2s",
            "TASKLANE_DB_START_TIMEOUT", "30s",
            "TASKLANE_DB_STATEMENT_TIMEOUT", "4s", "TASKLANE_DB_LOCK_TIMEOUT", "2s",
            "TASKLANE_UNAVAILABLE_RETRY_AFTER", "1s", "TASKLANE_IDEMPOTENCY_LEASE", "5s");

    private FaultTests() {
    }

    /**
     * A bootstrap token for a test's servers that the server accepts: {@code tasklane_}, the label, and padding up to
     * the secret length the bootstrap-token rule asks for ({@link Secrets#MIN_TOKEN_SECRET_CHARS}), so that a
     * hand-written token can no longer stop the servers from starting.
     */
    static String bootstrapToken(String label) {
        String secret = label + "_" + "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
        String token = Secrets.TOKEN_PREFIX + secret.substring(0, Math.max(label.length() + 1, Secrets.MIN_TOKEN_SECRET_CHARS));
        Secrets.bootstrapTokenProblem(token).ifPresent(problem -> {
            throw new IllegalArgumentException("test token " + token + " " + problem);
        });
        return token;
    }

    /** A fault test's server environment: {@link #SHORT_TIMEOUTS}, the bootstrap token, the database's credentials. */
    static Map<String, String> serverEnvironment(String token, String dbUser, String dbPassword) {
        Map<String, String> env = new LinkedHashMap<>(SHORT_TIMEOUTS);
        env.put("TASKLANE_BOOTSTRAP_TOKEN", token);
        env.put("TASKLANE_DB_USER", dbUser);
        if (dbPassword != null) {
            env.put("TASKLANE_DB_PASSWORD", dbPassword);
        }
        return env;
    }

    /** Runs {@code test}; when it fails, prints every server's output (and {@code more} logs) before rethrowing. */
    static void printingLogsOnFailure(List<ServerProcess> servers, Map<String, java.util.function.Supplier<String>> more,
                                      Checked<Void> test) throws Exception {
        try {
            test.get();
        } catch (Exception | Error failed) {
            servers.forEach(server -> System.out.println("=== " + server.name() + " output ===\n" + server.log()));
            more.forEach((name, log) -> System.out.println("=== " + name + " ===\n" + log.get()));
            throw failed;
        }
    }

    /** Starts servers on one store at once (each start is mostly waiting for a JVM); closes them all on failure. */
    static List<ServerProcess> startTogether(Path logs, List<String> store, Map<String, String> env, String... names)
            throws Exception {
        List<CompletableFuture<ServerProcess>> starting = new ArrayList<>();
        for (String name : names) {
            starting.add(CompletableFuture.supplyAsync(
                    () -> unchecked(() -> ServerProcess.start(name, logs, store, env))));
        }
        List<ServerProcess> started = new ArrayList<>();
        Throwable failure = null;
        for (CompletableFuture<ServerProcess> start : starting) {
            try {
                started.add(start.join());
            } catch (CompletionException failed) {
                failure = failed.getCause();
            }
        }
        if (failure != null) {
            for (ServerProcess server : started) {
                server.close();
            }
            throw new AssertionError("a server did not start", failure);
        }
        return started;
    }

    @FunctionalInterface
    interface Checked<T> {
        T get() throws Exception;
    }

    /** Runs {@code work} where a checked exception cannot pass (a supplier of a future), wrapping it. */
    static <T> T unchecked(Checked<T> work) {
        try {
            return work.get();
        } catch (RuntimeException | Error unchecked) {
            throw unchecked;
        } catch (Exception checked) {
            throw new CompletionException(checked);
        }
    }

    /** Prints how long a phase took, so a slow run shows where its time went. */
    static void phase(String what, long sinceNanos) {
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sinceNanos);
        System.out.println("fault test: " + what + " took " + millis + " ms");
    }
}
