package dev.tasklane.bootstrap;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Which store the server runs on and where its data lives (docs/configuration.md).
 *
 * @param kind       memory, H2 or PostgreSQL ({@code TASKLANE_STORE}, else the kind {@code dbUrl} names)
 * @param dataDir    the H2 data directory ({@code TASKLANE_DATA_DIR}), used when no {@code dbUrl} is given
 * @param dbUrl      null unless given: the PostgreSQL (or H2) JDBC URL ({@code TASKLANE_DB_URL})
 * @param dbUser     null unless given ({@code TASKLANE_DB_USER})
 * @param dbPassword null unless given ({@code TASKLANE_DB_PASSWORD}); never printed by {@link #toString()}
 * @param dbPoolSize the most connections the H2 or PostgreSQL store opens ({@code TASKLANE_DB_POOL_SIZE})
 * @param caches     how long the H2 and PostgreSQL stores answer from what they read before
 */
public record StoreConfig(StoreKind kind, Path dataDir, String dbUrl, String dbUser, String dbPassword, int dbPoolSize,
                          Caches caches) {
    /**
     * The stores' read caches.
     *
     * @param auth how long authentication answers from credentials read before ({@code TASKLANE_AUTH_CACHE})
     * @param next how long {@code next} answers from the candidates read before ({@code TASKLANE_NEXT_CACHE})
     */
    public record Caches(Duration auth, Duration next) {
    }

    /** How long authentication answers from credentials read before ({@code TASKLANE_AUTH_CACHE}). */
    public Duration authCache() {
        return caches.auth();
    }

    /** How long {@code next} answers from the candidates read before ({@code TASKLANE_NEXT_CACHE}). */
    public Duration nextCache() {
        return caches.next();
    }

    /** Default lifetime of cached credentials: a revoked token fails within it even where no notification arrives. */
    public static final Duration DEFAULT_AUTH_CACHE = Duration.ofSeconds(1);
    /** Default lifetime of next's candidate snapshot: a change another server's lost notification hid is seen within it. */
    public static final Duration DEFAULT_NEXT_CACHE = Duration.ofSeconds(1);
    /** Default store: H2 in a file of the data directory, kept across restarts with no set-up. */
    public static final StoreKind DEFAULT_KIND = StoreKind.H2;
    /** Default data directory for the H2 store. */
    public static final String DEFAULT_DATA_DIR = "./tasklane-data";

    @Override
    public String toString() {
        return "StoreConfig[kind=" + kind + ", dataDir=" + dataDir + ", dbUrl="
                + (dbUrl == null ? null : Redaction.secrets(dbUrl)) + ", dbUser=" + dbUser + ", dbPassword="
                + (dbPassword == null ? null : Redaction.HIDDEN) + ", dbPoolSize=" + dbPoolSize + ", authCache=" + caches.auth() + ", nextCache=" + caches.next() + "]";
    }
}
