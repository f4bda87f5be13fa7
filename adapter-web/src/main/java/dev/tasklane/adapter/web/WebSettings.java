package dev.tasklane.adapter.web;

import dev.tasklane.edge.TrustedProxy;

import java.time.Clock;
import java.util.Objects;

/**
 * Settings of the web interface.
 *
 * @param baseUrl the server's public address, written into the agent files shown with a new token
 * @param proxy   the reverse proxy believed for the client's address (the sign-in limit counts against it) and for
 *                TLS (the session cookie is Secure when the request came over TLS); the same setting as the API's
 * @param clock   the clock for lease countdowns and waiting times
 */
public record WebSettings(String baseUrl, TrustedProxy proxy, Clock clock) {
    public WebSettings {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(proxy, "proxy");
        Objects.requireNonNull(clock, "clock");
    }

    public static WebSettings defaults(String baseUrl) {
        return new WebSettings(baseUrl, TrustedProxy.none(), Clock.systemUTC());
    }
}
