package dev.tasklane.bootstrap;

import dev.tasklane.adapter.mcp.McpSettings;

import dev.tasklane.adapter.jdbi.Database;
import dev.tasklane.adapter.jdbi.DatabaseTimeouts;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.service.Secrets;
import dev.tasklane.application.service.SignInSettings;
import dev.tasklane.domain.flow.FlowSettings;
import dev.tasklane.domain.session.SessionLimits;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.workflow.WorkflowLimits;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Resolves each setting as flag, else {@code TASKLANE_*} environment variable, else default, and checks it.
 * A bad value is a {@link ConfigurationException} naming where it came from and what is expected.
 */
final class ConfigResolver {
    static final String PREFIX = "TASKLANE_";
    private static final int MAX_PORT = 65_535;
    private static final Pattern HEADER_NAME = Pattern.compile("[A-Za-z0-9-]{1,64}");
    /** HikariCP's smallest connection timeout. */
    private static final long MIN_CONNECT_MILLIS = 250;
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)?");
    private static final int MAX_STREAMS = 10_000;
    private static final Duration MAX_STREAM_RECHECK = Duration.ofSeconds(60);
    private static final int MAX_EVENT_QUEUE = 1_000_000;
    private static final int MAX_POOL_SIZE = 1_000;

    private final Map<String, String> env;

    ConfigResolver(Map<String, String> env) {
        this.env = Map.copyOf(env);
    }

    /** The variable of a flag: {@code --claim-ttl} becomes {@code TASKLANE_CLAIM_TTL}. */
    static String variableOf(String flag) {
        return PREFIX + flag.replaceFirst("^--", "").replace('-', '_').toUpperCase(Locale.ROOT);
    }

    ServerConfig resolve(ServerOptions options) {
        return new ServerConfig(http(options), store(options), access(options), workflow(options), outages(options),
                web(options), events(options).withWebhooks(webhooks(options)));
    }

    /** How webhooks are delivered (docs/configuration.md, "Webhooks"). */
    private WebhookConfig webhooks(ServerOptions options) {
        WebhookConfig defaults = WebhookConfig.defaults();
        Setting allowPrivate = setting("--webhook-allow-private", options.webhookAllowPrivate);
        Setting retryFor = setting("--webhook-retry-for", options.webhookRetryFor);
        Setting disableAfter = setting("--webhook-disable-after", options.webhookDisableAfter);
        Setting timeout = setting("--webhook-timeout", options.webhookTimeout);
        Setting logRetention = setting("--webhook-log-retention", options.webhookLogRetention);
        Setting interval = setting("--webhook-interval", options.webhookInterval);
        Duration timeoutValue = timeout.present() ? duration(timeout) : defaults.timeout();
        if (timeoutValue.compareTo(Duration.ofMinutes(1)) > 0) {
            throw timeout.invalid("a duration of at most 1m, such as 5s");
        }
        Setting lease = setting("--webhook-lease", options.webhookLease);
        Duration leaseValue = lease.present() ? duration(lease) : null;
        if (leaseValue != null && leaseValue.compareTo(WebhookConfig.shortestLease(timeoutValue)) < 0) {
            throw lease.invalid("a duration of at least " + WebhookConfig.shortestLease(timeoutValue).toMillis()
                    + "ms: three times the webhook timeout (connect and two reads) and 1s");
        }
        return new WebhookConfig(
                allowPrivate.present() ? bool(allowPrivate) : defaults.allowPrivate(),
                retryFor.present() ? duration(retryFor) : defaults.retryFor(),
                disableAfter.present() ? duration(disableAfter) : defaults.disableAfter(),
                timeoutValue,
                logRetention.present() ? duration(logRetention) : defaults.logRetention(),
                interval.present() ? duration(interval) : defaults.interval(),
                leaseValue);
    }

    /** The port, the public base URL (derived from the port unless given), the trusted proxy header, the management port. */
    private HttpConfig http(ServerOptions options) {
        Setting port = setting("--port", options.port);
        int portNumber = port.present() ? port.integer(0, MAX_PORT) : HttpConfig.DEFAULT_PORT;
        Setting baseUrl = setting("--base-url", options.baseUrl);
        Setting proxyHeader = setting("--trusted-proxy-header", options.trustedProxyHeader);
        Setting management = setting("--management-port", options.managementPort);
        Integer managementPort = management.present() ? management.integer(0, MAX_PORT) : null;
        if (managementPort != null && managementPort != 0 && managementPort == portNumber) {
            throw management.invalid("a port other than the API's (" + portNumber + ")");
        }
        return new HttpConfig(portNumber, baseUrl.present() ? url(baseUrl) : "http://localhost:" + portNumber,
                proxyHeader.present() ? header(proxyHeader) : null, managementPort,
                mcpCallRate(setting("--mcp-rate-limit", options.mcpRateLimit)));
    }

    /** The cap on MCP calls per token (docs/mcp.md, "Security model"). */
    private static McpSettings.CallRate mcpCallRate(Setting rate) {
        if (!rate.present()) {
            return McpSettings.CallRate.DEFAULT;
        }
        try {
            return McpSettings.CallRate.parse(rate.value);
        } catch (IllegalArgumentException malformed) {
            throw rate.invalid("off, RATE or RATE/BURST: MCP calls a second per token, such as 50 or 50/100, each "
                    + "from 1 to " + McpSettings.CallRate.MAX);
        }
    }

    /** The store kind (checked against the database URL) and where its data lives. */
    private StoreConfig store(ServerOptions options) {
        Setting dbUrl = setting("--db-url", options.dbUrl);
        StoreKind kind = storeKind(setting("--store", options.store), dbUrl);
        Setting dataDir = setting("--data-dir", options.dataDir);
        return new StoreConfig(kind, Path.of(dataDir.present() ? dataDir.value : StoreConfig.DEFAULT_DATA_DIR),
                dbUrl.value, setting("--db-user", options.dbUser).value,
                setting("--db-password", options.dbPassword).value, poolSize(setting("--db-pool-size", options.dbPoolSize)),
                new StoreConfig.Caches(authCache(setting("--auth-cache", options.authCache)),
                        nextCache(setting("--next-cache", options.nextCache))));
    }

    /** The connection pool's size: PostgreSQL's own limit (max_connections) caps what is useful far below the maximum. */
    private static int poolSize(Setting size) {
        return size.present() ? size.integer(1, MAX_POOL_SIZE) : Database.DEFAULT_POOL_SIZE;
    }

    /** How long credentials read once answer later requests; a revocation empties the cache at once (JdbiStores). */
    private static Duration authCache(Setting lifetime) {
        return lifetime.present() ? durationOrZero(lifetime) : StoreConfig.DEFAULT_AUTH_CACHE;
    }

    /** How long next answers from the candidates read before; this server's writes correct it (JdbiStores). */
    private static Duration nextCache(Setting lifetime) {
        return lifetime.present() ? durationOrZero(lifetime) : StoreConfig.DEFAULT_NEXT_CACHE;
    }

    /** The bootstrap token (checked, never echoed) and whether every user may create boards. */
    private AccessConfig access(ServerOptions options) {
        Setting token = setting("--bootstrap-token", options.bootstrapToken);
        if (token.present()) {
            Secrets.bootstrapTokenProblem(token.value).ifPresent(problem -> {
                // never echo the secret itself
                throw new ConfigurationException("Invalid bootstrap token (" + (token.fromFlag() ? token.flag() : token.variable())
                        + "): it " + problem + ".");
            });
        }
        Setting openBoards = setting("--open-boards", options.openBoards);
        Setting retention = setting("--audit-retention", options.auditRetention);
        return new AccessConfig(token.value, openBoards.present() && bool(openBoards),
                retention.present() ? duration(retention) : Tasklane.DEFAULT_AUDIT_RETENTION);
    }

    /** Completion checks, the claim lease and the after_goal grace window. */
    private WorkflowConfig workflow(ServerOptions options) {
        Setting validation = setting("--completion-validation", options.completionValidation);
        Setting ttl = setting("--claim-ttl", options.claimTtl);
        Setting grace = setting("--after-goal-grace", options.afterGoalGrace);
        Setting offer = setting("--next-offer", options.nextOffer);
        Setting stuck = setting("--stuck-after", options.stuckAfter);
        Setting stopGrace = setting("--stop-grace", options.stopGrace);
        Setting stale = setting("--session-stale", options.sessionStale);
        return new WorkflowConfig(validation.present() ? mode(validation) : CompletionMode.GRACE,
                ttl.present() ? Duration.ofMinutes(ttl.integer(1, Integer.MAX_VALUE)) : WorkflowLimits.DEFAULT_CLAIM_TTL,
                grace.present() ? duration(grace) : WorkflowLimits.DEFAULT_AFTER_GOAL_GRACE,
                offer.present() ? durationOrZero(offer) : Tasklane.DEFAULT_NEXT_OFFER,
                stuck.present() ? duration(stuck) : FlowSettings.DEFAULT_STUCK_AFTER,
                stopGrace.present() ? duration(stopGrace) : SessionLimits.DEFAULT_STOP_GRACE,
                stale.present() ? duration(stale) : SessionLimits.DEFAULT_STALE_AFTER);
    }

    /** The database timeouts, Retry-After and Idempotency-Key times: each its own flag and variable. */
    private OutageSettings outages(ServerOptions options) {
        OutageSettings defaults = OutageSettings.defaults();
        Setting connect = setting("--db-connect-timeout", options.dbConnectTimeout);
        Setting statement = setting("--db-statement-timeout", options.dbStatementTimeout);
        Setting lock = setting("--db-lock-timeout", options.dbLockTimeout);
        Setting start = setting("--db-start-timeout", options.dbStartTimeout);
        Setting retryAfter = setting("--unavailable-retry-after", options.unavailableRetryAfter);
        Setting retention = setting("--idempotency-retention", options.idempotencyRetention);
        Setting lease = setting("--idempotency-lease", options.idempotencyLease);
        Duration connectTimeout = connect.present() ? duration(connect) : defaults.database().connect();
        if (connectTimeout.compareTo(Duration.ofMillis(MIN_CONNECT_MILLIS)) < 0) {
            throw connect.invalid("at least " + MIN_CONNECT_MILLIS + "ms");
        }
        Duration retry = retryAfter.present() ? duration(retryAfter) : defaults.unavailableRetryAfter();
        if (retry.toSeconds() < 1) {
            throw retryAfter.invalid("whole seconds, at least 1s");
        }
        return new OutageSettings(new DatabaseTimeouts(connectTimeout,
                statement.present() ? duration(statement) : defaults.database().statement(),
                lock.present() ? duration(lock) : defaults.database().lock(),
                start.present() ? duration(start) : defaults.database().start()),
                retry,
                retention.present() ? duration(retention) : defaults.idempotencyRetention(),
                lease.present() ? duration(lease) : defaults.idempotencyLease());
    }

    private WebConfig web(ServerOptions options) {
        Setting replaced = setting("--trust-proxy", options.trustProxy);
        if (replaced.present()) {
            throw new ConfigurationException("--trust-proxy / TASKLANE_TRUST_PROXY is no longer a setting: behind a reverse"
                    + " proxy, set --trusted-proxy-header / TASKLANE_TRUSTED_PROXY_HEADER to the header it puts the"
                    + " client's address in (e.g. X-Forwarded-For); X-Forwarded-Proto is then believed too. Remove "
                    + (replaced.fromFlag() ? replaced.flag() : replaced.variable()) + ".");
        }
        Setting ttl = setting("--session-ttl", options.sessionTtl);
        Duration sessionTtl = ttl.present() ? Duration.ofMinutes(ttl.integer(1, Integer.MAX_VALUE))
                : SignInSettings.DEFAULT_SESSION_TTL;
        Setting account = setting("--signin-account-limit", options.signinAccountLimit);
        Setting address = setting("--signin-address-limit", options.signinAddressLimit);
        Setting window = setting("--signin-window", options.signinWindow);
        Setting maxAge = setting("--session-max-age", options.sessionMaxAge);
        return new WebConfig(new SignInSettings(sessionTtl,
                account.present() ? account.integer(1, Integer.MAX_VALUE) : SignInSettings.DEFAULT_ACCOUNT_FAILURES,
                address.present() ? address.integer(1, Integer.MAX_VALUE) : SignInSettings.DEFAULT_ADDRESS_FAILURES,
                window.present() ? duration(window) : SignInSettings.DEFAULT_FAILURE_WINDOW,
                maxAge.present() ? duration(maxAge) : SignInSettings.DEFAULT_SESSION_MAX_AGE));
    }

    /** The live events' settings and the shutdown timeout. */
    private EventConfig events(ServerOptions options) {
        EventConfig defaults = EventConfig.defaults();
        Setting retention = setting("--event-retention", options.eventRetention);
        Setting keepAlive = setting("--event-keep-alive", options.eventKeepAlive);
        Setting streams = setting("--max-streams-per-token", options.maxStreamsPerToken);
        Setting queue = setting("--event-queue", options.eventQueue);
        Setting shutdown = setting("--shutdown-timeout", options.shutdownTimeout);
        Setting perUser = setting("--max-streams-per-user", options.maxStreamsPerUser);
        Setting recheck = setting("--stream-recheck", options.streamRecheck);
        return new EventConfig(
                retention.present() ? duration(retention) : defaults.retention(),
                keepAlive.present() ? duration(keepAlive) : defaults.keepAlive(),
                streams.present() ? streams.integer(1, MAX_STREAMS) : defaults.maxStreamsPerToken(),
                queue.present() ? queue.integer(1, MAX_EVENT_QUEUE) : defaults.queueCapacity(),
                shutdown.present() ? duration(shutdown) : defaults.shutdownTimeout(),
                perUser.present() ? perUser.integer(1, MAX_STREAMS) : defaults.maxStreamsPerUser(),
                recheck.present() ? streamRecheck(recheck) : defaults.streamRecheck());
    }

    /** The credential re-check of open streams: a positive duration of at most {@link #MAX_STREAM_RECHECK}. */
    private static Duration streamRecheck(Setting setting) {
        Duration value = duration(setting);
        if (value.compareTo(MAX_STREAM_RECHECK) > 0) {
            throw setting.invalid("a duration of at most " + MAX_STREAM_RECHECK.toSeconds() + "s (a revoked token's "
                    + "streams end within it)");
        }
        return value;
    }

    /**
     * The store: as given; else the one the database URL names; else H2 in the data directory. A URL must
     * name the store given, and PostgreSQL needs a URL.
     */
    private static StoreKind storeKind(Setting store, Setting dbUrl) {
        StoreKind fromUrl = null;
        if (dbUrl.present()) {
            fromUrl = StoreKind.ofJdbcUrl(dbUrl.value.trim()).orElseThrow(() -> dbUrl.invalid(
                    "a PostgreSQL JDBC URL such as jdbc:postgresql://localhost:5432/tasklane (or an H2 one, jdbc:h2:...)"));
        }
        if (!store.present()) {
            return fromUrl == null ? StoreConfig.DEFAULT_KIND : fromUrl;
        }
        StoreKind kind = StoreKind.fromCode(store.value.trim().toLowerCase(Locale.ROOT))
                .orElseThrow(() -> store.invalid("one of " + StoreKind.NAMES));
        if (fromUrl != null && fromUrl != kind) {
            throw new ConfigurationException("The " + kind.code() + " store (" + store.source()
                    + ") cannot use the database URL " + dbUrl.value + " (" + dbUrl.source() + "), which is "
                    + fromUrl.code() + "; drop one of the two.");
        }
        if (kind == StoreKind.POSTGRES && fromUrl == null) {
            throw new ConfigurationException("The postgres store (" + store.source() + ") needs a database URL: "
                    + "set --db-url jdbc:postgresql://HOST:5432/DATABASE (TASKLANE_DB_URL), with --db-user and "
                    + "TASKLANE_DB_PASSWORD.");
        }
        return kind;
    }

    private Setting setting(String flag, String flagValue) {
        String variable = variableOf(flag);
        if (flagValue != null) {
            return new Setting(flag, variable, flagValue, true);
        }
        String fromEnv = env.get(variable);
        return new Setting(flag, variable, fromEnv == null || fromEnv.isBlank() ? null : fromEnv, false);
    }

    private static CompletionMode mode(Setting setting) {
        return switch (setting.value.trim().toLowerCase(Locale.ROOT)) {
            case "grace" -> CompletionMode.GRACE;
            case "strict" -> CompletionMode.STRICT;
            default -> throw setting.invalid("grace or strict");
        };
    }

    private static boolean bool(Setting setting) {
        return switch (setting.value.trim().toLowerCase(Locale.ROOT)) {
            case "true", "yes", "1" -> true;
            case "false", "no", "0" -> false;
            default -> throw setting.invalid("true or false");
        };
    }

    private static String header(Setting setting) {
        String name = setting.value.trim();
        if (!HEADER_NAME.matcher(name).matches()) {
            throw setting.invalid("an HTTP header name such as X-Forwarded-For or X-Real-IP");
        }
        return name;
    }

    private static Duration duration(Setting setting) {
        return duration(setting, false);
    }

    /** A duration where 0 means "off". */
    private static Duration durationOrZero(Setting setting) {
        return duration(setting, true);
    }

    private static Duration duration(Setting setting, boolean zeroAllowed) {
        Matcher matcher = DURATION.matcher(setting.value.trim());
        if (!matcher.matches()) {
            throw setting.invalid("a positive duration such as 5 (seconds), 5s, 500ms, 2m, 12h or 7d");
        }
        long amount = Long.parseLong(matcher.group(1));
        String unit = matcher.group(2) == null ? "s" : matcher.group(2);
        Duration value = switch (unit) {
            case "ms" -> Duration.ofMillis(amount);
            case "m" -> Duration.ofMinutes(amount);
            case "h" -> Duration.ofHours(amount);
            case "d" -> Duration.ofDays(amount);
            default -> Duration.ofSeconds(amount);
        };
        if (value.isZero() && !zeroAllowed) {
            throw setting.invalid("a positive duration such as 5 (seconds), 5s, 500ms or 2m");
        }
        return value;
    }

    private static String url(Setting setting) {
        try {
            URI uri = new URI(setting.value.trim());
            if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) {
                return setting.value.trim().replaceAll("/+$", "");
            }
        } catch (URISyntaxException malformed) {
            throw setting.invalid("an http(s) URL such as https://tasks.example.com");
        }
        throw setting.invalid("an http(s) URL such as https://tasks.example.com");
    }

    /** One setting's raw value and where it came from. */
    private record Setting(String flag, String variable, String value, boolean fromFlag) {
        boolean present() {
            return value != null;
        }

        String source() {
            return fromFlag ? flag + " " + value : variable + "=" + value;
        }

        int integer(int min, int max) {
            try {
                int number = Integer.parseInt(value.trim());
                if (number >= min && number <= max) {
                    return number;
                }
            } catch (NumberFormatException notANumber) {
                throw invalid("an integer from " + min + " to " + max);
            }
            throw invalid("an integer from " + min + " to " + max);
        }

        ConfigurationException invalid(String expected) {
            return new ConfigurationException("Invalid value '" + value + "' for " + (fromFlag ? flag : variable)
                    + " (flag " + flag + ", variable " + variable + "): expected " + expected + ".");
        }
    }
}
