package dev.tasklane.bootstrap;

import dev.tasklane.application.service.SignInSettings;

/**
 * The web interface's settings (docs/configuration.md, "Web interface").
 *
 * <p>Which reverse proxy is believed (client address, TLS) is the server's one {@code TASKLANE_TRUSTED_PROXY_HEADER},
 * shared with the API: {@link HttpConfig#trustedProxyHeader()}.
 *
 * @param signIn session lifetime and the failed sign-in limits
 */
public record WebConfig(SignInSettings signIn) {
    public static WebConfig defaults() {
        return new WebConfig(SignInSettings.defaults());
    }
}
