package dev.tasklane.bootstrap.metrics;

import dev.tasklane.domain.identity.FailedAttemptLimiter;
import dev.tasklane.edge.TrustedProxy;
import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.application.port.in.UnauthenticatedException;
import dev.tasklane.domain.error.ForbiddenException;
import io.javalin.http.Context;
import io.javalin.http.Handler;

import java.time.Clock;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Supplier;

/**
 * {@code GET /metrics} on the API's port, served when no management port is set: it answers an admin's API token
 * only (docs/operations.md, "Metrics"). As on the API, a missing or unknown token is 401 and counts against the client's
 * address (past {@link #FAILED_LIMIT} failures in {@link #FAILED_WINDOW}, 429 with Retry-After), and a valid token of
 * someone who is not an admin is 403.
 */
final class AdminScrape implements Handler {
    static final int FAILED_LIMIT = 20;
    static final Duration FAILED_WINDOW = Duration.ofSeconds(60);
    private static final String PREFIX = "Bearer ";

    private final IdentityUseCase identity;
    private final TrustedProxy proxy;
    private final Supplier<String> scrape;
    private final FailedAttemptLimiter failures;

    AdminScrape(IdentityUseCase identity, TrustedProxy proxy, Supplier<String> scrape) {
        this.identity = identity;
        this.proxy = proxy;
        this.scrape = scrape;
        this.failures = new FailedAttemptLimiter(FAILED_LIMIT, FAILED_WINDOW, Clock.systemUTC(),
                FailedAttemptLimiter.DEFAULT_MAX_KEYS);
    }

    @Override
    public void handle(Context ctx) {
        Actor caller = authenticate(ctx);
        if (caller == null) {
            return;
        }
        if (!caller.admin()) {
            throw new ForbiddenException("not_admin", "Only an admin's token may read /metrics on the API's port; "
                    + "or scrape the management port (TASKLANE_MANAGEMENT_PORT), which needs no token");
        }
        ctx.contentType(OperatorMetrics.CONTENT_TYPE).result(scrape.get());
    }

    /** The caller, or null when the answer (429) is written already. */
    private Actor authenticate(Context ctx) {
        List<String> headers = Collections.list(ctx.req().getHeaders("Authorization"));
        String address = proxy.clientAddress(ctx::header, ctx.ip());
        OptionalLong retryAfter = failures.retryAfterSeconds(address);
        if (headers.size() != 1 || !headers.get(0).startsWith(PREFIX) || headers.get(0).substring(PREFIX.length()).isBlank()) {
            return refuse(ctx, address, retryAfter, new UnauthenticatedException(UnauthenticatedException.MISSING));
        }
        try {
            return identity.authenticate(headers.get(0).substring(PREFIX.length()).trim(), null);
        } catch (UnauthenticatedException refused) {
            return refuse(ctx, address, retryAfter, refused);
        }
    }

    private Actor refuse(Context ctx, String address, OptionalLong retryAfter,
                                          UnauthenticatedException refused) {
        if (retryAfter.isPresent()) {
            ctx.status(429).header("Retry-After", Long.toString(retryAfter.getAsLong()))
                    .contentType("application/json").result("{\"error\":\"Too many requests\"}");
            return null;
        }
        failures.recordFailure(address);
        throw refused;
    }
}
