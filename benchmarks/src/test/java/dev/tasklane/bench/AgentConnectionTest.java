package dev.tasklane.bench;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The load generator reads one field of an answer without its tree, and writes the claim's body by hand. */
class AgentConnectionTest {
    private static final String[] NAMES = {"id", "identifier", "status", "title", "data", "meta", "claim", "x"};

    @Test
    void findsTheFieldOfDataAsTheTreeWould() throws Exception {
        long seed = System.nanoTime();
        System.out.println("AgentConnectionTest seed " + seed);
        Random random = new Random(seed);
        for (int i = 0; i < 2_000; i++) {
            Map<String, Object> answer = new LinkedHashMap<>();
            if (random.nextBoolean()) {
                answer.put("meta", value(random, 3));
            }
            answer.put("data", object(random, 3));
            if (random.nextBoolean()) {
                answer.put("links", value(random, 3));
            }
            byte[] content = Api.JSON.writeValueAsBytes(answer);
            String field = NAMES[random.nextInt(NAMES.length)];
            JsonNode expected = Api.JSON.readTree(content).path("data").path(field);
            String wanted = expected.isValueNode() && !expected.isNull() ? expected.asText() : null;
            assertEquals(wanted, AgentConnection.dataField(content, field), "seed " + seed + ", answer "
                    + new String(content, StandardCharsets.UTF_8) + ", field " + field);
        }
    }

    @Test
    void answersNullForWhatIsNotAnObjectWithData() {
        assertNull(AgentConnection.dataField(new byte[0], "id"));
        assertNull(AgentConnection.dataField("not json".getBytes(StandardCharsets.UTF_8), "id"));
        assertNull(AgentConnection.dataField("[1, 2]".getBytes(StandardCharsets.UTF_8), "id"));
        assertNull(AgentConnection.dataField("{\"error\": {\"id\": 3}}".getBytes(StandardCharsets.UTF_8), "id"));
        assertNull(AgentConnection.dataField("{\"data\": {\"id\": 3}}".getBytes(StandardCharsets.UTF_8), null));
    }

    @Test
    void theClaimBodyIsTheAgentsBodyWithTheIdentifierFirst() throws Exception {
        Map<String, Object> head = new LinkedHashMap<>();
        head.put("agent_name", "bench-0");
        head.put("before_doing_result", Map.of("exit_code", 0, "output", "ok", "duration_ms", 1));
        for (String identifier : List.of("W1", "D42", "quote\"and\\slash", "é")) {
            JsonNode body = Api.JSON.readTree(HttpLoad.claimBody(Api.JSON.writeValueAsBytes(head), identifier));
            Map<String, Object> expected = new LinkedHashMap<>();
            expected.put("identifier", identifier);
            expected.putAll(head);
            assertEquals(Api.JSON.valueToTree(expected), body);
            assertEquals("identifier", body.fieldNames().next());
        }
    }

    private static Map<String, Object> object(Random random, int depth) {
        Map<String, Object> object = new LinkedHashMap<>();
        int fields = random.nextInt(6);
        for (int f = 0; f < fields; f++) {
            object.put(NAMES[random.nextInt(NAMES.length)], value(random, depth - 1));
        }
        return object;
    }

    private static Object value(Random random, int depth) {
        int kind = random.nextInt(depth > 0 ? 7 : 5);
        return switch (kind) {
            case 0 -> random.nextLong();
            case 1 -> "text " + random.nextInt(1000);
            case 2 -> random.nextBoolean();
            case 3 -> null;
            case 4 -> random.nextDouble();
            case 5 -> object(random, depth);
            default -> {
                List<Object> list = new ArrayList<>();
                int items = random.nextInt(4);
                for (int i = 0; i < items; i++) {
                    list.add(value(random, depth - 1));
                }
                yield list;
            }
        };
    }
}
