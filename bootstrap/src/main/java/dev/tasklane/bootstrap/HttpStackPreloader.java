package dev.tasklane.bootstrap;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.javalin.Javalin;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads and initialises the HTTP stack's classes (Jackson, Javalin, Jetty: about half of the classes a start
 * loads) on a second thread while the main thread opens the store, which needs none of them
 * (docs/benchmarks.md, "What bounds start-up"). It builds throw-away objects only: nothing listens, nothing is
 * registered, and the real ones are built afterwards by the HTTP adapter. The main thread waits for it
 * before it builds the HTTP stack itself ({@link #await}), so that no class of that stack is ever initialised by
 * two threads at once. A failure here only costs the time it would have saved.
 */
final class HttpStackPreloader {
    private static final Logger LOG = LoggerFactory.getLogger(HttpStackPreloader.class);
    /** Longest wait for the preloading: far more than it takes; past it, start-up goes on without it. */
    private static final long AWAIT_MILLIS = 30_000;

    private HttpStackPreloader() {
    }

    /** Starts the preloading on a daemon thread and returns it, for {@link #await}. */
    static Thread start() {
        Thread thread = new Thread(HttpStackPreloader::preload, "tasklane-preload");
        thread.setDaemon(true);
        thread.setPriority(Thread.NORM_PRIORITY - 1);
        thread.start();
        return thread;
    }

    /** Waits until {@code preloading} is done (at most {@value #AWAIT_MILLIS} ms). */
    static void await(Thread preloading) {
        try {
            preloading.join(AWAIT_MILLIS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    static void preload() {
        try {
            ObjectMapper json = JsonMapper.builder().addModule(new JavaTimeModule()).build();
            // what a first request and its answer need: a JSON object of strings, numbers and lists, both ways
            String written = json.writeValueAsString(Map.of("status", "ok", "items", List.of(1, "a")));
            json.readValue(written, Map.class);
            json.readTree(written);
            Javalin.create(config -> {
                config.startup.showJavalinBanner = false;
                config.startup.startupWatcherEnabled = false; // never started: no "you never started it" warning
            });
            org.eclipse.jetty.server.Server server = new org.eclipse.jetty.server.Server(new QueuedThreadPool());
            new ServerConnector(server, new HttpConnectionFactory(new HttpConfiguration())).close();
        } catch (Exception | LinkageError failed) {
            LOG.debug("Preloading the HTTP stack failed; start-up loads it on the main thread: {}", failed.toString());
        }
    }
}
