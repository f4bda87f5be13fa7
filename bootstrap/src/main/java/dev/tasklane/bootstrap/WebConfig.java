package dev.tasklane.bootstrap;

import dev.tasklane.application.service.SignInSettings;

/**
 * The web interface's settings (docs/configuration.md, "Web interface").
 *
 * @param trustProxy whether {@code X-Forwarded-Proto} / {@code X-Forwarded-For} are believed (behind a reverse
 *                   proxy that sets them): the session cookie is then Secure when the proxy received TLS
 * @param signIn     session lifetime and the failed sign-in limits
 */
public record WebConfig(boolean trustProxy, SignInSettings signIn) {
    public static WebConfig defaults() {
        return new WebConfig(false, SignInSettings.defaults());
    }
}
