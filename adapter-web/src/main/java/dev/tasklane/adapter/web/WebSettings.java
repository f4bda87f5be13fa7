package dev.tasklane.adapter.web;

import java.time.Clock;
import java.util.Objects;

/**
 * Settings of the web interface.
 *
 * @param baseUrl       the server's public address, written into the agent files shown with a new token
 * @param trustProxy    whether to believe {@code X-Forwarded-Proto} and {@code X-Forwarded-For} (set only behind a
 *                      reverse proxy that sets them): the session cookie is Secure when the request came over TLS
 * @param clock         the clock for lease countdowns and waiting times
 */
public record WebSettings(String baseUrl, boolean trustProxy, Clock clock) {
    public WebSettings {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(clock, "clock");
    }

    public static WebSettings defaults(String baseUrl) {
        return new WebSettings(baseUrl, false, Clock.systemUTC());
    }
}
