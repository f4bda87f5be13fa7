package dev.tasklane.bootstrap;

import dev.tasklane.application.port.out.WebhookBody;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.adapter.jdbi.Database;
import dev.tasklane.adapter.jdbi.JdbiStores;
import dev.tasklane.adapter.jdbi.PostgresEventRelay;
import dev.tasklane.application.service.EventBus;
import dev.tasklane.application.service.Tasklane;
import io.micrometer.core.instrument.MeterRegistry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Opens the configured store and plugs it into a {@link Tasklane} builder: in memory; H2 in the data
 * directory (or at an H2 URL); PostgreSQL, with the event relay that wakes the other servers sharing it. Closing
 * it closes what was opened, last first.
 */
final class StoreWiring implements AutoCloseable {
    private final List<AutoCloseable> opened = new ArrayList<>();
    private final String description;
    private volatile EventBus bus;
    private JdbiStores jdbi;

    private StoreWiring(String description) {
        this.description = description;
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    /** The writer of webhook bodies: each typed body as a JSON object, keys in the order of its components. */
    static final dev.tasklane.application.port.out.WebhookJson WEBHOOK_JSON = body -> {
        try {
            return JSON.writeValueAsString(webhookTree(body));
        } catch (com.fasterxml.jackson.core.JsonProcessingException impossible) {
            throw new IllegalStateException("a webhook body did not serialise", impossible);
        }
    };

    static com.fasterxml.jackson.databind.node.ObjectNode webhookTree(WebhookBody body) {
        com.fasterxml.jackson.databind.node.ObjectNode node = JSON.createObjectNode();
        body.writeTo(fields(node));
        return node;
    }

    private static WebhookBody.Fields fields(com.fasterxml.jackson.databind.node.ObjectNode node) {
        return new WebhookBody.Fields() {
            @Override
            public void put(String key, String value) {
                node.put(key, value);
            }

            @Override
            public void put(String key, Long value) {
                node.put(key, value);
            }

            @Override
            public WebhookBody.Fields object(String key) {
                return fields(node.putObject(key));
            }
        };
    }

    /** Opens the store of {@code config} and sets it, with its event outbox, on {@code builder}. */
    static StoreWiring open(ServerConfig config, Tasklane.Builder builder) {
        return open(config, builder, () -> { });
    }

    /** {@link #open(ServerConfig, Tasklane.Builder)}, calling {@code connected} once a SQL store has its first connection. */
    static StoreWiring open(ServerConfig config, Tasklane.Builder builder, Runnable connected) {
        StoreConfig store = config.store();
        builder.storeName(store.kind().code())
                .idempotencyTimes(config.outages().idempotencyRetention(), config.outages().idempotencyLease());
        if (store.kind() == StoreKind.MEMORY) {
            InMemoryStores stores = InMemoryStores.create();
            builder.stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events())
                    .idempotency(stores.idempotency()).sessions(stores.sessions()).audit(stores.audit())
                    .agentSessions(stores.agentSessions()).webhooks(stores.webhooks(), WEBHOOK_JSON)
                    .github(stores.github()).targets(stores.targets());
            return new StoreWiring("memory (everything is lost on restart)");
        }
        Database database = database(store);
        JdbiStores stores = JdbiStores.open(database, config.outages().database(), connected)
                .credentialLifetime(store.authCache())
                .nextCacheLifetime(store.nextCache());
        builder.stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events())
                .idempotency(stores.idempotency()).sessions(stores.sessions()).audit(stores.audit())
                .agentSessions(stores.agentSessions()).webhooks(stores.webhooks(), WEBHOOK_JSON)
                .github(stores.github()).targets(stores.targets());
        StoreWiring wiring = new StoreWiring(store.kind().code() + " at " + Redaction.secrets(database.url()));
        wiring.opened.add(stores);
        wiring.jdbi = stores;
        if (database.kind() == Database.Kind.POSTGRES) {
            // the outbox notifies the other servers in each appending transaction; the relay listens
            PostgresEventRelay relay = PostgresEventRelay.start(stores, wiring::wake);
            wiring.opened.add(relay);
        }
        return wiring;
    }

    /** Connects the event bus that notifications from other servers wake (the bus exists once the app is built). */
    void attach(EventBus eventBus) {
        this.bus = eventBus;
    }

    private void wake(long lastEventId) {
        EventBus target = bus;
        if (target != null) {
            target.committed(lastEventId);
        }
    }

    private static Database database(StoreConfig config) {
        if (config.dbUrl() != null) {
            return new Database(config.dbUrl().trim(), config.dbUser(), config.dbPassword(), config.dbPoolSize());
        }
        Path directory = config.dataDir();
        try {
            Files.createDirectories(directory);
        } catch (IOException unwritable) {
            throw new UncheckedIOException("cannot create the data directory " + directory.toAbsolutePath()
                    + " (set --data-dir or TASKLANE_DATA_DIR to a writable directory)", unwritable);
        }
        return Database.h2File(directory).withPoolSize(config.dbPoolSize());
    }

    /** Binds the connection pool's own meters (HikariCP's Micrometer binding) to {@code registry}; in memory, none. */
    void bindPoolMetrics(MeterRegistry registry) {
        if (jdbi != null) {
            jdbi.bindPoolMetrics(registry);
        }
    }

    /** What the banner says about the store. */
    String description() {
        return description;
    }

    @Override
    public void close() {
        for (int i = opened.size() - 1; i >= 0; i--) {
            try {
                opened.get(i).close();
            } catch (Exception ignored) {
                // closing on shutdown: nothing more to do with a failure here
            }
        }
        opened.clear();
    }
}
