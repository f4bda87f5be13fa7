package dev.tasklane.edge;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TrustedProxyTest {
    private static final String SOCKET = "192.0.2.10";

    @Test
    void withoutAProxyForwardingHeadersAreIgnored() {
        Map<String, String> headers = Map.of("X-Forwarded-For", "203.0.113.7", "X-Forwarded-Proto", "https");
        TrustedProxy none = new TrustedProxy("  ");

        assertFalse(none.configured());
        assertEquals(SOCKET, none.clientAddress(headers::get, SOCKET));
        assertFalse(none.overTls(headers::get, "http"));
        assertTrue(none.overTls(headers::get, "https"), "a TLS connection is TLS with or without a proxy");
    }

    @Test
    void behindTheProxyTheRightMostHopIsTheClient() {
        TrustedProxy proxy = new TrustedProxy(" X-Forwarded-For ");

        assertEquals("X-Forwarded-For", proxy.header());
        assertEquals("203.0.113.7", proxy.clientAddress(Map.of("X-Forwarded-For", "10.0.0.1, 203.0.113.7")::get, SOCKET));
        assertEquals("203.0.113.7", proxy.clientAddress(Map.of("X-Forwarded-For", "203.0.113.7 , ,")::get, SOCKET));
        assertEquals(SOCKET, proxy.clientAddress(Map.of("X-Forwarded-For", " , ")::get, SOCKET), "nothing usable");
        assertEquals(SOCKET, proxy.clientAddress(Map.<String, String>of()::get, SOCKET), "header absent");
    }

    @Test
    void behindTheProxyTlsIsWhatTheProxySaysInXForwardedProto() {
        TrustedProxy proxy = new TrustedProxy("X-Real-IP");

        assertTrue(proxy.overTls(Map.of("X-Forwarded-Proto", "HTTPS")::get, "http"));
        assertTrue(proxy.overTls(Map.of("X-Forwarded-Proto", "http, https")::get, "http"), "the proxy's own entry");
        assertFalse(proxy.overTls(Map.of("X-Forwarded-Proto", "https, http")::get, "http"));
        assertFalse(proxy.overTls(Map.<String, String>of()::get, "http"));
    }
}
