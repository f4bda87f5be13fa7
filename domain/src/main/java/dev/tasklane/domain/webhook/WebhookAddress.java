package dev.tasklane.domain.webhook;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * Where a delivery may go. A subscription's URL is absolute {@code http} or {@code https}, with a host, without
 * user information or a fragment, at most {@value #MAX_LENGTH} characters. The address it resolves to is judged at
 * every attempt ({@link #refused}): private, loopback, link-local, multicast and unspecified addresses are refused
 * unless the operator allows them (TASKLANE_WEBHOOK_ALLOW_PRIVATE), and the connection is made to that very address.
 */
public final class WebhookAddress {
    public static final int MAX_LENGTH = 2048;

    private WebhookAddress() {
    }

    /** The URL, checked; a bad one is refused with 422 naming {@code url}. */
    public static URI url(String text) {
        if (text == null || text.isBlank()) {
            throw invalid("is required");
        }
        if (text.length() > MAX_LENGTH) {
            throw invalid("must be at most " + MAX_LENGTH + " characters");
        }
        URI uri;
        try {
            uri = new URI(text.trim());
        } catch (URISyntaxException malformed) {
            throw invalid("is not a valid URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw invalid("must be an http or https URL");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw invalid("must name a host");
        }
        if (uri.getRawUserInfo() != null) {
            throw invalid("must not carry a user name or password");
        }
        if (uri.getRawFragment() != null) {
            throw invalid("must not carry a fragment");
        }
        return uri;
    }

    /**
     * Why a delivery to {@code address} is refused, or null when it may go: without {@code allowPrivate}, every
     * address that is not a public unicast one.
     */
    public static String refused(InetAddress address, boolean allowPrivate) {
        if (allowPrivate) {
            return null;
        }
        if (address.isLoopbackAddress()) {
            return "loopback address " + address.getHostAddress();
        }
        if (address.isAnyLocalAddress()) {
            return "unspecified address " + address.getHostAddress();
        }
        if (address.isLinkLocalAddress()) {
            return "link-local address " + address.getHostAddress();
        }
        if (address.isSiteLocalAddress() || uniqueLocal(address) || sharedOrReserved(address)) {
            return "private address " + address.getHostAddress();
        }
        if (address.isMulticastAddress()) {
            return "multicast address " + address.getHostAddress();
        }
        if (address instanceof Inet6Address six && mappedV4(six) != null) {
            return refused(mappedV4(six), false);
        }
        return null;
    }

    /** fc00::/7, IPv6's private range. */
    private static boolean uniqueLocal(InetAddress address) {
        return address instanceof Inet6Address && (address.getAddress()[0] & 0xfe) == 0xfc;
    }

    /** 100.64.0.0/10 (carrier-grade NAT), 0.0.0.0/8, 192.0.0.0/24, 198.18.0.0/15, 240.0.0.0/4. */
    private static boolean sharedOrReserved(InetAddress address) {
        if (!(address instanceof Inet4Address)) {
            return false;
        }
        byte[] b = address.getAddress();
        int first = b[0] & 0xff;
        int second = b[1] & 0xff;
        return first == 0 || (first == 100 && (second & 0xc0) == 64) || (first == 192 && second == 0 && (b[2] & 0xff) == 0)
                || (first == 198 && (second & 0xfe) == 18) || first >= 240;
    }

    /** The IPv4 address inside ::ffff:a.b.c.d, or null. */
    private static InetAddress mappedV4(Inet6Address address) {
        byte[] b = address.getAddress();
        for (int i = 0; i < 10; i++) {
            if (b[i] != 0) {
                return null;
            }
        }
        if ((b[10] & 0xff) != 0xff || (b[11] & 0xff) != 0xff) {
            return null;
        }
        try {
            return InetAddress.getByAddress(new byte[]{b[12], b[13], b[14], b[15]});
        } catch (java.net.UnknownHostException impossible) {
            return null;
        }
    }

    private static InvalidInputException invalid(String message) {
        return new InvalidInputException("invalid_param", "url " + message, new ErrorDetails.Field("url"));
    }
}
