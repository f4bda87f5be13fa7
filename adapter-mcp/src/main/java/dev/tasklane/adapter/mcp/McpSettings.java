package dev.tasklane.adapter.mcp;

import java.net.URI;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * What the MCP endpoint needs besides the API: the browser origins it accepts ({@code Origin} header; requests
 * without one, from command-line clients, are always accepted) and the version it reports in {@code serverInfo}.
 */
public record McpSettings(Set<String> allowedOrigins, String serverVersion) {
    public McpSettings {
        allowedOrigins = Set.copyOf(allowedOrigins.stream().map(McpSettings::normalise).toList());
        Objects.requireNonNull(serverVersion, "server version");
    }

    /** Accepts the origin of the server's own public base URL (its web interface) and no other. */
    public static McpSettings forBaseUrl(String baseUrl) {
        return new McpSettings(Set.of(originOf(baseUrl)), version());
    }

    /** Whether a request carrying {@code Origin: origin} may be served. */
    boolean allows(String origin) {
        return origin == null || allowedOrigins.contains(normalise(origin));
    }

    /** The scheme, host and port of {@code url} as a browser writes them in {@code Origin}. */
    static String originOf(String url) {
        URI uri = URI.create(url);
        String scheme = uri.getScheme() == null ? "http" : uri.getScheme().toLowerCase(Locale.ROOT);
        int port = uri.getPort();
        boolean defaultPort = port < 0 || ("http".equals(scheme) && port == 80) || ("https".equals(scheme) && port == 443);
        return scheme + "://" + String.valueOf(uri.getHost()).toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port);
    }

    private static String normalise(String origin) {
        String trimmed = origin.strip();
        try {
            return originOf(trimmed);
        } catch (IllegalArgumentException notAUrl) {
            return trimmed.toLowerCase(Locale.ROOT);
        }
    }

    private static String version() {
        String version = McpSettings.class.getPackage().getImplementationVersion();
        return version == null ? "0.1.0" : version;
    }
}
