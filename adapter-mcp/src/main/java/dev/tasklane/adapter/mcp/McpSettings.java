package dev.tasklane.adapter.mcp;

import java.net.URI;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * What the MCP endpoint needs besides the API: the browser origins it accepts ({@code Origin} header; requests
 * without one, from command-line clients, are always accepted), the version it reports in {@code serverInfo}, and
 * the cap on calls per credential ({@link CallRate}, on by default).
 */
public record McpSettings(Set<String> allowedOrigins, String serverVersion, CallRate callRate) {
    public McpSettings {
        allowedOrigins = Set.copyOf(allowedOrigins.stream().map(McpSettings::normalise).toList());
        Objects.requireNonNull(serverVersion, "server version");
        Objects.requireNonNull(callRate, "call rate");
    }

    /** With the default call rate. */
    public McpSettings(Set<String> allowedOrigins, String serverVersion) {
        this(allowedOrigins, serverVersion, CallRate.DEFAULT);
    }

    /** Accepts the origin of the server's own public base URL (its web interface) and no other. */
    public static McpSettings forBaseUrl(String baseUrl) {
        return new McpSettings(Set.of(originOf(baseUrl)), version());
    }

    /** These settings with another cap on calls per credential. */
    public McpSettings withCallRate(CallRate rate) {
        return new McpSettings(allowedOrigins, serverVersion, rate);
    }

    /**
     * The cap on MCP calls per credential (an API token): {@code perSecond} calls a second on average, with bursts
     * of up to {@code burst}; past it a POST is answered 429 with {@code Retry-After}. Each JSON-RPC message counts
     * one call, so a batch counts its messages. {@code perSecond} 0 is no cap.
     */
    public record CallRate(int perSecond, int burst) {
        /** Generous for agents, which call a few times a second at most: 50 a second, bursts of 100. */
        public static final CallRate DEFAULT = new CallRate(50, 100);
        /** No cap. */
        public static final CallRate OFF = new CallRate(0, 0);
        /** The highest rate accepted. */
        public static final int MAX = 1_000_000;

        public CallRate {
            if (perSecond < 0 || perSecond > MAX || burst < 0 || burst > MAX) {
                throw new IllegalArgumentException("an MCP call rate and burst are from 0 to " + MAX);
            }
            if (perSecond > 0 && burst < 1) {
                throw new IllegalArgumentException("an MCP call rate needs a burst of at least 1");
            }
        }

        public boolean on() {
            return perSecond > 0;
        }

        /**
         * Reads {@code off} (or {@code 0}), {@code RATE} (a burst of twice the rate) or {@code RATE/BURST}, such as
         * {@code 50/100}.
         *
         * @throws IllegalArgumentException with what is expected, for anything else
         */
        public static CallRate parse(String text) {
            String value = text.strip().toLowerCase(Locale.ROOT);
            if (value.equals("off") || value.equals("0")) {
                return OFF;
            }
            String[] parts = value.split("/", -1);
            try {
                if (parts.length == 1) {
                    int rate = Integer.parseInt(parts[0]);
                    return new CallRate(rate, (int) Math.min(MAX, 2L * rate));
                }
                if (parts.length == 2) {
                    return new CallRate(Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip()));
                }
            } catch (NumberFormatException notANumber) {
                // the message below says what is expected
            }
            throw new IllegalArgumentException("expected off, RATE or RATE/BURST (calls per second per token, such "
                    + "as 50 or 50/100, each from 1 to " + MAX + ")");
        }

        @Override
        public String toString() {
            return on() ? perSecond + "/" + burst : "off";
        }
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
