package dev.tasklane.bootstrap;

import dev.tasklane.domain.validation.CompletionMode;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The server's resolved configuration (docs/configuration.md): every value came from a flag, else the
 * {@code TASKLANE_*} variable of the same name, else the default.
 *
 * @param bootstrapToken null when none is configured (a one-time admin password is printed instead)
 * @param dbUrl          null unless given: the PostgreSQL (or H2) JDBC URL
 * @param openBoards     whether every user may create boards (TASKLANE_OPEN_BOARDS); otherwise only admins
 * @param trustedProxyHeader null unless given: the header a trusted reverse proxy puts the client's address in
 * @param outages        database timeouts, Retry-After, Idempotency-Key retention and lease
 * @param web            the web interface: proxy trust, session lifetime, failed sign-in limits
 * @param events         the live events' retention, keep-alive, caps and the shutdown timeout
 */
public record ServerConfig(int port, StoreKind store, Path dataDir, String dbUrl, String dbUser, String dbPassword,
                           String bootstrapToken, CompletionMode completionValidation, Duration claimTtl,
                           Duration afterGoalGrace, String baseUrl, boolean openBoards, String trustedProxyHeader,
                           OutageSettings outages, WebConfig web,
                           EventConfig events) {
    /** Default port of {@code --port}. */
    public static final int DEFAULT_PORT = 7070;
    /** Default store: H2 in a file of the data directory, kept across restarts with no set-up. */
    public static final StoreKind DEFAULT_STORE = StoreKind.H2;
    /** Default data directory for the H2 store. */
    public static final String DEFAULT_DATA_DIR = "./tasklane-data";

    /** A copy listening on another port (0 picks a free one), with the base URL following when it was derived. */
    public ServerConfig withPort(int value, String derivedBaseUrl) {
        return new ServerConfig(value, store, dataDir, dbUrl, dbUser, dbPassword, bootstrapToken,
                completionValidation, claimTtl, afterGoalGrace, derivedBaseUrl, openBoards, trustedProxyHeader,
                outages, web, events);
    }
}
