package dev.tasklane.bootstrap;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The command line, parsed by picocli. Values stay raw strings here (null when the flag is absent) so that
 * {@link ConfigResolver} can fall back to the {@code TASKLANE_*} variable and name the source of a bad value.
 */
@Command(name = "tasklane", mixinStandardHelpOptions = true, versionProvider = ServerOptions.Version.class,
        description = "Tasklane: a kanban task service for AI coding agents. Every flag has a TASKLANE_* environment "
                + "variable of the same name (--claim-ttl: TASKLANE_CLAIM_TTL); flags win over variables.",
        sortOptions = false)
final class ServerOptions {
    @Parameters(index = "0", arity = "0..1", paramLabel = "COMMAND", description = "serve (the default); \"agent --help\" and \"simulate --help\" list the other commands")
    String command;

    @Option(names = "--verbose", description = "Log the frameworks' start-up lines too (Flyway, Jetty, Javalin, "
            + "HikariCP); without it they log warnings only and the banner comes first (TASKLANE_VERBOSE=true)")
    boolean verbose;

    @Option(names = "--port", paramLabel = "PORT", description = "HTTP port (default 7070; 0 picks a free port)")
    String port;

    @Option(names = "--management-port", paramLabel = "PORT", description = "Serve GET /metrics (Prometheus) on this "
            + "port without a token (0 picks a free port); default none: /metrics is on --port for an admin's token")
    String managementPort;

    @Option(names = "--store", paramLabel = "STORE", description = "h2 (default: a file in the data directory), postgres "
            + "(needs --db-url) or memory (lost on restart)")
    String store;

    @Option(names = "--data-dir", paramLabel = "DIR", description = "H2 data directory (default ./tasklane-data)")
    String dataDir;

    @Option(names = "--db-url", paramLabel = "JDBC_URL", description = "PostgreSQL JDBC URL, e.g. "
            + "jdbc:postgresql://localhost:5432/tasklane (selects the postgres store)")
    String dbUrl;

    @Option(names = "--db-user", paramLabel = "USER", description = "PostgreSQL user")
    String dbUser;

    @Option(names = "--db-password", paramLabel = "PASSWORD", description = "PostgreSQL password (prefer the "
            + "TASKLANE_DB_PASSWORD variable: flags show in process lists)")
    String dbPassword;

    @Option(names = "--db-pool-size", paramLabel = "CONNECTIONS", description = "The most database connections the "
            + "server opens (default 10)")
    String dbPoolSize;

    @Option(names = "--auth-cache", paramLabel = "DURATION", description = "How long a request may authenticate "
            + "from the credentials read before (H2 and PostgreSQL): 500ms, 1s, 0 reads them every time (default 1s)")
    String authCache;

    @Option(names = "--next-cache", paramLabel = "DURATION", description = "How long next may answer from the "
            + "claimable tasks read before (H2 and PostgreSQL): 500ms, 1s, 0 reads them every time (default 1s)")
    String nextCache;

    @Option(names = "--bootstrap-token", paramLabel = "TOKEN", description = "An admin API token with exactly this "
            + "value, created on an empty store and on one that lacks it (prefer the TASKLANE_BOOTSTRAP_TOKEN variable)")
    String bootstrapToken;

    @Option(names = "--completion-validation", paramLabel = "MODE", description = "grace (default) or strict")
    String completionValidation;

    @Option(names = "--claim-ttl", paramLabel = "MINUTES", description = "Claim lease in minutes (default 60)")
    String claimTtl;

    @Option(names = "--next-offer", paramLabel = "DURATION", description = "How long a task next answered is held "
            + "back from other callers' next: 500ms, 5s, 0 turns it off (default 5s)")
    String nextOffer;

    @Option(names = "--stuck-after", paramLabel = "DURATION", description = "How long an agent may hold a claim without "
            + "any activity before the agents page and GET /api/metrics call it stuck: 30m, 90s (default 30m)")
    String stuckAfter;

    @Option(names = "--stop-grace", paramLabel = "DURATION", description = "How long an agent whose session a person "
            + "stopped has to unclaim before the server releases its claim: 2m, 90s (default 2m)")
    String stopGrace;

    @Option(names = "--session-stale", paramLabel = "DURATION", description = "How long an agent session goes without "
            + "a heartbeat or an activity before it counts as stale: 30m, 10m (default 30m)")
    String sessionStale;

    @Option(names = "--after-goal-grace", paramLabel = "DURATION", description = "after_goal grace window: seconds, "
            + "or 500ms, 5s, 2m (default 5s)")
    String afterGoalGrace;

    @Option(names = "--mcp-rate-limit", paramLabel = "RATE", description = "MCP calls a second per token: RATE (bursts "
            + "of twice it), RATE/BURST, or off (default 50/100); past it /mcp answers 429 with Retry-After")
    String mcpRateLimit;

    @Option(names = "--open-boards", paramLabel = "BOOL", description = "true: every user may create boards "
            + "(default false: only admins)")
    String openBoards;

    @Option(names = "--audit-retention", paramLabel = "DURATION", description = "How long audit log entries are kept "
            + "before the sweeper prunes them: 90d, 12h ... (default 90d)")
    String auditRetention;

    @Option(names = "--trusted-proxy-header", paramLabel = "HEADER", description = "Behind a reverse proxy, the header "
            + "it puts the client's address in (e.g. X-Forwarded-For); default none: the connection's address")
    String trustedProxyHeader;

    @Option(names = "--base-url", paramLabel = "URL", description = "Public base URL written into onboarding "
            + "(default http://localhost:<port>)")
    String baseUrl;

    @Option(names = "--db-connect-timeout", paramLabel = "DURATION", description = "Longest wait for a database "
            + "connection before a request answers 503 (default 3s)")
    String dbConnectTimeout;

    @Option(names = "--db-start-timeout", paramLabel = "DURATION", description = "Longest wait for PostgreSQL at "
            + "start-up, trying to connect about once a second (default 10s)")
    String dbStartTimeout;

    @Option(names = "--db-statement-timeout", paramLabel = "DURATION", description = "PostgreSQL statement_timeout "
            + "(default 10s)")
    String dbStatementTimeout;

    @Option(names = "--db-lock-timeout", paramLabel = "DURATION", description = "PostgreSQL lock_timeout (default 3s)")
    String dbLockTimeout;

    @Option(names = "--unavailable-retry-after", paramLabel = "DURATION", description = "Retry-After of the 503 "
            + "answered while the database is unavailable (default 5s)")
    String unavailableRetryAfter;

    @Option(names = "--idempotency-retention", paramLabel = "DURATION", description = "How long an Idempotency-Key's "
            + "answer is replayed (default 24h)")
    String idempotencyRetention;

    @Option(names = "--idempotency-lease", paramLabel = "DURATION", description = "How long a key stays reserved for "
            + "a request that has not answered, for example because its server died (default 30s)")
    String idempotencyLease;

    /** Replaced by {@code --trusted-proxy-header}; still read only to refuse it with a message saying so. */
    @Option(names = "--trust-proxy", paramLabel = "BOOLEAN", hidden = true, description = "Replaced by "
            + "--trusted-proxy-header")
    String trustProxy;

    @Option(names = "--session-ttl", paramLabel = "MINUTES", description = "Web session lifetime since the last "
            + "visit, in minutes (default 720)")
    String sessionTtl;

    @Option(names = "--session-max-age", paramLabel = "DURATION", description = "Absolute web session lifetime "
            + "from sign-in, however often it is used: 12h, 7d ... (default 7d)")
    String sessionMaxAge;

    @Option(names = "--signin-account-limit", paramLabel = "COUNT", description = "Failed sign-ins per account "
            + "within the window before further attempts are refused (default 5)")
    String signinAccountLimit;

    @Option(names = "--signin-address-limit", paramLabel = "COUNT", description = "Failed sign-ins per client "
            + "address within the window (default 20)")
    String signinAddressLimit;

    @Option(names = "--signin-window", paramLabel = "DURATION", description = "Window of the failed sign-in "
            + "limits: seconds, or 500ms, 5s, 2m (default 15m)")
    String signinWindow;

    @Option(names = "--event-retention", paramLabel = "DURATION", description = "How long events stay resumable "
            + "(Last-Event-ID) before the sweeper purges them: 7d, 12h, 90m ... (default 7d)")
    String eventRetention;

    @Option(names = "--event-keep-alive", paramLabel = "DURATION", description = "Keep-alive comment interval on an "
            + "idle event stream (default 15s)")
    String eventKeepAlive;

    @Option(names = "--max-streams-per-token", paramLabel = "COUNT", description = "Event streams one token may hold "
            + "open on this server; past it, 429 (default 32)")
    String maxStreamsPerToken;

    @Option(names = "--max-streams-per-user", paramLabel = "COUNT", description = "Live streams (event streams and "
            + "web pages' live updates) one user may hold open on this server, over all their tokens and sessions; "
            + "past it, 429 (default 20)")
    String maxStreamsPerUser;

    @Option(names = "--stream-recheck", paramLabel = "DURATION", description = "How often an open stream re-checks "
            + "its token or session and membership, whether events flow or not; at most 60s (default 2s)")
    String streamRecheck;

    @Option(names = "--event-queue", paramLabel = "COUNT", description = "Events a stream may fall behind before it "
            + "is ended with stream.lagging (default 1000)")
    String eventQueue;

    @Option(names = "--shutdown-timeout", paramLabel = "DURATION", description = "How long a shutdown waits for "
            + "requests in flight (default 30s)")
    String shutdownTimeout;

    @Option(names = "--webhook-allow-private", paramLabel = "BOOL", description = "Let webhook deliveries go to "
            + "loopback, private and link-local addresses, for tests and single-machine set-ups (default false)")
    String webhookAllowPrivate;

    @Option(names = "--webhook-retry-for", paramLabel = "DURATION", description = "How long a failing webhook "
            + "delivery is retried, with exponential backoff and jitter, from its first attempt (default 24h)")
    String webhookRetryFor;

    @Option(names = "--webhook-disable-after", paramLabel = "DURATION", description = "How long a webhook "
            + "subscription may fail without a success before it is disabled, with the reason (default 5d)")
    String webhookDisableAfter;

    @Option(names = "--webhook-timeout", paramLabel = "DURATION", description = "Connect and read timeout of one "
            + "webhook attempt, at most 1m (default 5s)")
    String webhookTimeout;

    @Option(names = "--webhook-log-retention", paramLabel = "DURATION", description = "How long finished webhook "
            + "deliveries stay in the delivery log (default 14d)")
    String webhookLogRetention;

    @Option(names = "--webhook-interval", paramLabel = "DURATION", description = "How often the webhook worker "
            + "looks for new events and due deliveries (default 1s)")
    String webhookInterval;

    @Option(names = "--webhook-lease", paramLabel = "DURATION", description = "How long a server holds the webhook "
            + "deliveries it sends before another may send them; at least three timeouts and 1s (default: enough for "
            + "a batch of 32)")
    String webhookLease;

    /** The project version from the jar manifest, if any. */
    static final class Version implements picocli.CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = ServerOptions.class.getPackage().getImplementationVersion();
            return new String[] {"tasklane " + (version == null ? "development build" : version)};
        }
    }
}
