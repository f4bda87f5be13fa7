package dev.tasklane.adapter.web;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * Where a redirect may go: a path on this site, and nothing a browser could read as another origin. Every redirect of
 * the interface goes through {@link #path}; the sign-in's {@code next} does too.
 *
 * <p>A browser does not take a Location literally: it drops tabs, CR and LF anywhere in it, trims leading and
 * trailing spaces and control characters, and reads {@code \} as {@code /}. So {@code "/\t/evil.example"} arrives as
 * {@code //evil.example}, another origin. Rather than predict every such reading, only a plain ASCII path is
 * accepted: it starts with exactly one {@code /}, holds only the characters a URI path, query and fragment may hold
 * ({@code %} only as a well-formed escape), has no {@code \}, space or control character, and neither it nor its
 * percent-decoded form starts with {@code //} or {@code /\}. Anything else is refused, and the caller goes to a fixed
 * page instead.
 */
final class SafeRedirect {
    /** A longer target is refused (our own pages' addresses are far shorter). */
    static final int MAX_LENGTH = 2048;

    private SafeRedirect() {
    }

    /** {@code candidate} when it is a same-site path as described above, otherwise null. */
    static String path(String candidate) {
        if (candidate == null || candidate.length() < 1 || candidate.length() > MAX_LENGTH
                || candidate.charAt(0) != '/' || !plain(candidate) || startsLikeAnOrigin(candidate)) {
            return null;
        }
        String decoded = decodeEscapes(candidate);
        if (startsLikeAnOrigin(decoded)) {
            return null;
        }
        for (int i = 0; i < decoded.length(); i++) {
            char c = decoded.charAt(i);
            if (c < 0x20 || c == 0x7F) {
                return null; // an escaped control character: a proxy that decodes would pass it on
            }
        }
        try {
            URI uri = new URI(candidate);
            if (uri.getScheme() != null || uri.getRawAuthority() != null || uri.getRawPath() == null
                    || !uri.getRawPath().startsWith("/")) {
                return null;
            }
        } catch (URISyntaxException notAUri) {
            return null;
        }
        return candidate;
    }

    /** {@link #path}, or {@code fallback} when the candidate is refused. */
    static String pathOr(String candidate, String fallback) {
        String safe = path(candidate);
        return safe == null ? fallback : safe;
    }

    private static boolean startsLikeAnOrigin(String path) {
        return path.length() >= 2 && (path.charAt(1) == '/' || path.charAt(1) == '\\');
    }

    /** Only the printable ASCII characters RFC 3986 allows in a path, a query and a fragment. */
    private static boolean plain(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "-._~!$&'()*+,;=:@/?#%".indexOf(c) >= 0;
            if (!allowed) {
                return false;
            }
            if (c == '%' && (i + 2 >= value.length() || !hex(value.charAt(i + 1)) || !hex(value.charAt(i + 2)))) {
                return false;
            }
        }
        return true;
    }

    private static boolean hex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    /** The value with each {@code %XX} replaced by its byte read as Latin-1 (enough to see slashes and controls). */
    private static String decodeEscapes(String value) {
        StringBuilder out = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '%') {
                out.append((char) Integer.parseInt(value.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
