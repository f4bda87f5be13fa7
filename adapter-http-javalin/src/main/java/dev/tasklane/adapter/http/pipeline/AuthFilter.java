package dev.tasklane.adapter.http.pipeline;

import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.domain.identity.FailedAttemptLimiter;
import dev.tasklane.edge.TrustedProxy;
import dev.tasklane.application.port.in.CallerUseCase;
import dev.tasklane.application.port.in.UnauthenticatedException;

import java.util.Enumeration;
import java.util.OptionalLong;

/**
 * Bearer-token authentication (docs/api.md, "Authentication"): exactly one {@code Authorization} header starting with the
 * literal {@code "Bearer "}. It runs before the request body is read or parsed, and it authenticates first:
 * a valid token is always let through, whatever other tokens did from the same address. Only a failure is
 * counted against the client's address, and an address past the failure limit gets 429 instead of 401.
 *
 * <p>The client's address is the connection's, or, when a trusted proxy header is configured
 * (TASKLANE_TRUSTED_PROXY_HEADER), the right-most address in that header: the one the proxy itself added.
 */
public final class AuthFilter {
    private static final String PREFIX = "Bearer ";

    private final CallerUseCase identity;
    private final FailedAttemptLimiter limiter;
    private final TrustedProxy proxy;

    public AuthFilter(CallerUseCase identity, FailedAttemptLimiter limiter, TrustedProxy proxy) {
        this.identity = identity;
        this.limiter = limiter;
        this.proxy = proxy;
    }

    public void authenticate(Call call) {
        String header = onlyHeader(call);
        if (header == null || !header.startsWith(PREFIX) || header.substring(PREFIX.length()).isBlank()) {
            throw failed(call, new UnauthenticatedException(UnauthenticatedException.MISSING));
        }
        String token = header.substring(PREFIX.length()).trim();
        try {
            call.authenticated(identity.authenticate(token, agentName(call)));
        } catch (UnauthenticatedException refused) {
            throw failed(call, refused);
        }
    }

    /** The one Authorization header sent; null when there is none or more than one. */
    private static String onlyHeader(Call call) {
        Enumeration<String> headers = call.ctx().req().getHeaders("Authorization");
        if (headers == null || !headers.hasMoreElements()) {
            return null;
        }
        String first = headers.nextElement();
        return headers.hasMoreElements() ? null : first;
    }

    /** Counts the failure against the client's address; past the limit the answer is 429 rather than 401. */
    private RuntimeException failed(Call call, UnauthenticatedException refused) {
        String address = clientAddress(call);
        OptionalLong retryAfter = limiter.retryAfterSeconds(address);
        if (retryAfter.isPresent()) {
            return RequestRefused.tooManyRequests("Too many requests", retryAfter.getAsLong());
        }
        limiter.recordFailure(address);
        return refused;
    }

    String clientAddress(Call call) {
        return proxy.clientAddress(call.ctx()::header, call.ctx().ip());
    }

    /** The agent name for the token's last-use record, from the query string only: the body is not read yet. */
    private static String agentName(Call call) {
        String name = call.ctx().queryParam("agent_name");
        return name == null || name.isBlank() ? null : name;
    }
}
