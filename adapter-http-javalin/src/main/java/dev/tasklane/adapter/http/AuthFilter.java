package dev.tasklane.adapter.http;

import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.port.in.UnauthenticatedException;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Bearer-token authentication (stride-wire §2): exactly one {@code Authorization} header starting with the
 * literal {@code "Bearer "}. Addresses with too many recent failures are refused before any store work.
 */
final class AuthFilter {
    private static final String PREFIX = "Bearer ";

    private final IdentityUseCase identity;
    private final FailedAuthLimiter limiter;

    AuthFilter(IdentityUseCase identity, FailedAuthLimiter limiter) {
        this.identity = identity;
        this.limiter = limiter;
    }

    void authenticate(Call call) {
        String address = call.ctx().ip();
        OptionalLong retryAfter = limiter.retryAfterSeconds(address);
        if (retryAfter.isPresent()) {
            throw new ApiProblem(429, Map.of("error", "Too many requests"),
                    Map.of("Retry-After", Long.toString(retryAfter.getAsLong())));
        }
        List<String> headers = Collections.list(call.ctx().req().getHeaders("Authorization"));
        if (headers.size() != 1 || !headers.get(0).startsWith(PREFIX) || headers.get(0).substring(PREFIX.length()).isBlank()) {
            limiter.recordFailure(address);
            throw new UnauthenticatedException(UnauthenticatedException.MISSING);
        }
        String token = headers.get(0).substring(PREFIX.length()).trim();
        try {
            call.authenticated(identity.authenticate(token, agentName(call)));
        } catch (UnauthenticatedException refused) {
            limiter.recordFailure(address);
            throw refused;
        }
    }

    private static String agentName(Call call) {
        try {
            String name = call.softParam("agent_name");
            return name == null || name.isBlank() ? null : name;
        } catch (ApiProblem unreadableBody) {
            return call.ctx().queryParam("agent_name");
        }
    }
}
