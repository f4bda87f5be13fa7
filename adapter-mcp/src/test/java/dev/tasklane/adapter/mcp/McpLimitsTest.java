package dev.tasklane.adapter.mcp;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static dev.tasklane.adapter.mcp.McpServer.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The endpoint's own caps (docs/mcp.md, "Security model"): at most 50 messages in a 2025-03-26 batch, and a cap on
 * calls per credential answered 429 with {@code Retry-After}, on by default; and methods of capabilities the server
 * does not declare, such as logging/setLevel, answered with an error that says so.
 */
class McpLimitsTest {
    private static McpServer server;

    @org.junit.jupiter.api.BeforeAll
    static void start() {
        server = McpServer.inMemory();
    }

    @org.junit.jupiter.api.AfterAll
    static void stop() {
        server.close();
    }

    private static String ping(int id) {
        return McpServer.write(map("jsonrpc", "2.0", "id", id, "method", "ping"));
    }

    private static String batch(int size) {
        List<Object> messages = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            messages.add(map("jsonrpc", "2.0", "id", i + 1, "method", "ping"));
        }
        return McpServer.write(messages);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> error(McpServer.Raw raw) {
        return (Map<String, Object>) ((Map<String, Object>) raw.json()).get("error");
    }

    @Test
    void aBatchHoldsAtMostFiftyMessages() {
        {
            McpServer.Raw fifty = server.mcp(batch(Protocol.MAX_BATCH), McpServer.TOKEN, Map.of());
            assertEquals(200, fifty.status(), fifty.body());
            assertEquals(50, ((List<?>) fifty.json()).size());
            McpServer.Raw more = server.mcp(batch(Protocol.MAX_BATCH + 1), McpServer.TOKEN, Map.of());
            assertEquals(400, more.status(), more.body());
            assertEquals(-32600, error(more).get("code"));
            assertTrue(((String) error(more).get("message")).contains("at most 50 messages"), more.body());
        }
    }

    @Test
    void callsPastTheCapOfATokenAre429WithRetryAfter() {
        McpSettings settings = McpSettings.forBaseUrl(McpServer.BASE_URL).withCallRate(new McpSettings.CallRate(1, 3));
        try (McpServer limited = McpServer.inMemory(settings)) {
            McpServer server = limited;
            String token = server.agentToken("busy agent");
            for (int i = 0; i < 3; i++) {
                assertEquals(200, server.mcp(ping(i), token, Map.of("MCP-Protocol-Version", "2025-11-25")).status());
            }
            McpServer.Raw refused = server.mcp(ping(9), token, Map.of("MCP-Protocol-Version", "2025-11-25"));
            assertEquals(429, refused.status(), refused.body());
            long retryAfter = Long.parseLong(refused.header("Retry-After"));
            assertTrue(retryAfter >= 1, refused.header("Retry-After"));
            assertEquals(-32000, error(refused).get("code"));
            Map<?, ?> data = (Map<?, ?>) error(refused).get("data");
            assertEquals(retryAfter, ((Number) data.get("retry_after_seconds")).longValue());
            assertEquals(1, data.get("calls_per_second"));
            assertEquals(3, data.get("burst"));

            // another token has its own allowance; a batch takes one call per message
            String other = server.agentToken("other agent");
            assertEquals(200, server.mcp(batch(3), other, Map.of()).status());
            assertEquals(429, server.mcp(batch(2), other, Map.of()).status());
            // the bootstrap token too
            assertEquals(200, server.mcp(ping(1), McpServer.TOKEN, Map.of("MCP-Protocol-Version", "2025-11-25")).status());
        }
    }

    @Test
    void theCallCapIsOnByDefault() {
        assertEquals(new McpSettings.CallRate(50, 100), McpSettings.forBaseUrl("http://localhost:7070").callRate());
        assertTrue(McpSettings.CallRate.DEFAULT.on());
        assertEquals(McpSettings.CallRate.OFF, McpSettings.CallRate.parse("off"));
        assertEquals(McpSettings.CallRate.OFF, McpSettings.CallRate.parse("0"));
        assertEquals(new McpSettings.CallRate(20, 40), McpSettings.CallRate.parse("20"));
        assertEquals(new McpSettings.CallRate(20, 5), McpSettings.CallRate.parse(" 20/5 "));
        for (String bad : List.of("", "fast", "-1", "20/0", "20/", "/5", "1/2/3", "2000000", "20/x")) {
            assertThrows(IllegalArgumentException.class, () -> McpSettings.CallRate.parse(bad), bad);
        }
    }

    @Test
    void theBucketRefillsAtTheRateAndStaysBounded() {
        AtomicLong now = new AtomicLong(1_000_000_000L);
        CallLimiter limiter = new CallLimiter(new McpSettings.CallRate(10, 20), now::get);
        assertEquals(0, limiter.take("a", 20));
        assertEquals(1, limiter.take("a", 1), "an empty bucket: wait");
        now.addAndGet(100_000_000L); // 0.1 s: one call back
        assertEquals(0, limiter.take("a", 1));
        assertEquals(1, limiter.take("a", 1));
        assertEquals(2, limiter.take("a", 15), "15 calls at 10 a second: 2 s");
        assertEquals(0, limiter.take("b", 20), "each key has its own bucket");
        now.addAndGet(10_000_000_000L);
        assertEquals(0, limiter.take("a", 500), "more than a burst takes a full bucket, not forever");
        assertEquals(0, new CallLimiter(McpSettings.CallRate.OFF, now::get).take("a", 1_000));

        for (int i = 0; i < CallLimiter.MAX_KEYS + 10; i++) {
            limiter.take("key " + i, 1);
        }
        assertTrue(limiter.trackedKeys() <= CallLimiter.MAX_KEYS, limiter.trackedKeys() + " keys");
    }

    @Test
    void loggingAndTheOtherUndeclaredCapabilitiesAreAClearError() {
        {
            for (String method : List.of("logging/setLevel", "completion/complete", "prompts/list", "resources/subscribe")) {
                McpServer.Raw answer = server.mcp(McpServer.write(map("jsonrpc", "2.0", "id", 3, "method", method,
                        "params", map("level", "debug"))), McpServer.TOKEN, Map.of("MCP-Protocol-Version", "2025-11-25"));
                assertEquals(200, answer.status(), answer.body());
                assertEquals(-32601, error(answer).get("code"), method);
                String message = (String) error(answer).get("message");
                assertTrue(message.startsWith("Method not found: " + method + " is not offered")
                        && message.contains("declares no"), message);
            }
            McpServer.Raw init = server.mcp(McpEndToEndContract.initialize("2025-11-25"), McpServer.TOKEN, Map.of());
            Map<?, ?> capabilities = (Map<?, ?>) ((Map<?, ?>) ((Map<?, ?>) init.json()).get("result")).get("capabilities");
            assertEquals(java.util.Set.of("tools", "resources"), capabilities.keySet(), "no logging declared");
        }
    }
}
