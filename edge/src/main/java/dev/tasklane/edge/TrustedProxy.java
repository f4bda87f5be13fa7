package dev.tasklane.edge;

import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * What the server believes of a reverse proxy in front of it ({@code TASKLANE_TRUSTED_PROXY_HEADER}). Without one,
 * forwarding headers are ignored: the client's address is the connection's and only a TLS connection is "over TLS",
 * so a client cannot choose the address its failures count against nor make a cookie Secure-less.
 *
 * <p>With one, the client's address is the right-most entry of the configured header (the one the proxy itself
 * added; entries to its left came from the client and are not believed), and a request came over TLS when the
 * proxy says so in {@code X-Forwarded-Proto} (right-most entry). The API's failed-authentication limit, the web's
 * sign-in limit and the API's password sign-in limit all count against this address.
 *
 * @param header the header the proxy puts the client's address in, or null when no proxy is trusted
 */
public record TrustedProxy(String header) {
    /** The header a trusted proxy tells the scheme it received in. */
    public static final String FORWARDED_PROTO = "X-Forwarded-Proto";

    private static final TrustedProxy NONE = new TrustedProxy(null);

    public TrustedProxy {
        header = header == null || header.isBlank() ? null : header.strip();
    }

    /** No proxy is trusted: forwarding headers are ignored. */
    public static TrustedProxy none() {
        return NONE;
    }

    public boolean configured() {
        return header != null;
    }

    /**
     * The client's address.
     *
     * @param headers       the request's header values by name (null when absent)
     * @param socketAddress the connection's remote address
     */
    public String clientAddress(UnaryOperator<String> headers, String socketAddress) {
        if (header != null) {
            String hop = rightMost(headers.apply(header));
            if (hop != null) {
                return hop;
            }
        }
        return socketAddress;
    }

    /**
     * Whether the request reached the server, or the trusted proxy in front of it, over TLS.
     *
     * @param headers the request's header values by name (null when absent)
     * @param scheme  the scheme of the connection to this server
     */
    public boolean overTls(UnaryOperator<String> headers, String scheme) {
        if ("https".equalsIgnoreCase(scheme)) {
            return true;
        }
        if (header == null) {
            return false;
        }
        String proto = rightMost(headers.apply(FORWARDED_PROTO));
        return proto != null && "https".equals(proto.toLowerCase(Locale.ROOT));
    }

    /** The right-most non-blank entry of a comma-separated header, or null. */
    private static String rightMost(String value) {
        if (value == null) {
            return null;
        }
        String[] entries = value.split(",");
        for (int i = entries.length - 1; i >= 0; i--) {
            String entry = entries[i].strip();
            if (!entry.isEmpty()) {
                return entry;
            }
        }
        return null;
    }
}
