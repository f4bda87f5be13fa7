package dev.tasklane.adapter.web;

import io.javalin.http.Context;

/**
 * The headers every answer of the server carries, pages and API alike (harmless on JSON): a Content Security Policy
 * that allows scripts, styles, images and connections from this origin only (no inline script, no inline event
 * handler, no inline style, no plug-ins) and forbids framing; {@code X-Frame-Options: DENY} for browsers older than
 * {@code frame-ancestors}; {@code X-Content-Type-Options: nosniff}; {@code Referrer-Policy: same-origin}; and, on a
 * request that came over TLS (itself, or through the trusted proxy), {@code Strict-Transport-Security}.
 */
final class SecurityHeaders {
    static final String CONTENT_SECURITY_POLICY = String.join("; ",
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self' data:",
            "font-src 'self'",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'");
    /** One year, as the HSTS preload list asks; subdomains are not claimed (the server does not own them). */
    static final String STRICT_TRANSPORT_SECURITY = "max-age=31536000";

    private SecurityHeaders() {
    }

    static void apply(Context ctx, boolean overTls) {
        ctx.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        ctx.header("X-Frame-Options", "DENY");
        ctx.header("X-Content-Type-Options", "nosniff");
        ctx.header("Referrer-Policy", "same-origin");
        if (overTls) {
            ctx.header("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
        }
    }
}
