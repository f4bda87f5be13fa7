package dev.tasklane.adapter.http.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.adapter.http.wire.ArchiveBody;
import dev.tasklane.adapter.http.wire.AssignBody;
import dev.tasklane.adapter.http.wire.BatchRequest;
import dev.tasklane.adapter.http.wire.BoardChangeBody;
import dev.tasklane.adapter.http.routes.WorkflowRoutes.ClaimBody;
import dev.tasklane.adapter.http.wire.MarkReviewedBody;
import dev.tasklane.adapter.http.wire.PositionBody;
import dev.tasklane.adapter.http.wire.ReviewBody;
import dev.tasklane.adapter.http.wire.TaskObject;
import dev.tasklane.adapter.http.wire.TaskRequest;
import dev.tasklane.adapter.http.wire.completion.CompletionBody;
import dev.tasklane.adapter.http.wire.completion.HookResultBody;
import dev.tasklane.adapter.http.pipeline.Json.RecordBinder;
import dev.tasklane.application.port.in.NewComment;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The direct binding of plain request records against Jackson's: generated bodies (from a printed seed, replayed with
 * {@code -Dtasklane.fuzz.seed=}) are bound both ways and must give equal records, or the same refusal.
 */
class RecordBinderTest {
    private static final Json JSON = new Json(HttpSettings.defaults("http://localhost"));
    private static final JsonMapper PLAIN = JsonMapper.builder().build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int BODIES_PER_TYPE = 3_000;
    /** Keys a body may carry beside the record's own: unknown ones, and ones of the hook proof and other bodies. */
    private static final List<String> OTHER_KEYS = List.of("exit_code", "output", "duration_ms", "unknown", "agentName",
            "Agent_Name", "response_view", "name", "status");

    @Test
    void theHotBodiesAreBoundDirectlyAndRecordsJacksonBindsOtherwiseAreLeftToIt() {
        assertNotNull(RecordBinder.of(ClaimBody.class));
        assertNotNull(RecordBinder.of(CompletionBody.class));
        assertNotNull(RecordBinder.of(HookResultBody.class));
        assertNotNull(RecordBinder.of(MarkReviewedBody.class));
        assertNull(RecordBinder.of(AssignBody.class), "a Long component is Jackson's to bind");
        assertNull(RecordBinder.of(TaskObject.class), "a class with an any-setter is Jackson's to bind");
        assertNull(RecordBinder.of(Annotated.class), "a renamed component is Jackson's to bind");
        assertNull(RecordBinder.of(String.class));
    }

    /** A record whose binding an annotation changes. */
    record Annotated(@com.fasterxml.jackson.annotation.JsonProperty("other") String name) {
    }

    @Test
    void generatedBodiesBindAsJacksonBindsThem() {
        long seed = seed();
        System.out.println("RecordBinderTest: seed " + seed + " (replay with -Dtasklane.fuzz.seed=" + seed + ")");
        Random random = new Random(seed);
        List<Class<?>> types = List.of(ClaimBody.class, CompletionBody.class, HookResultBody.class, ReviewBody.class,
                MarkReviewedBody.class, PositionBody.class, ArchiveBody.class, AssignBody.class, BatchRequest.class,
                BoardChangeBody.class, TaskRequest.class, NewComment.class);
        int direct = 0;
        for (Class<?> type : types) {
            List<String> keys = keysOf(type);
            for (int i = 0; i < BODIES_PER_TYPE; i++) {
                ObjectNode body = reparsed(body(random, keys));
                String context = "seed " + seed + ", " + type.getSimpleName() + " " + body;
                assertEquals(outcome(() -> JSON.bindWithJackson(body, type)), outcome(() -> JSON.bind(body, type)),
                        context);
                RecordBinder<?> binder = RecordBinder.of(type);
                if (binder != null && binder.bind(body) != null) {
                    direct++;
                }
            }
        }
        assertTrue(direct > BODIES_PER_TYPE, "the generated bodies reach the direct binding: " + direct);
    }

    private static long seed() {
        Long fixed = Long.getLong("tasklane.fuzz.seed");
        return fixed != null ? fixed : new Random().nextLong();
    }

    /** The wire keys of a record: its components in snake case, and as written. */
    private static List<String> keysOf(Class<?> type) {
        List<String> keys = new ArrayList<>(OTHER_KEYS);
        if (type.isRecord()) {
            for (var component : type.getRecordComponents()) {
                keys.add(component.getName().replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT));
                keys.add(component.getName());
            }
        }
        return keys;
    }

    /** The body as the server parses it from its text, so that its nodes are those of a request. */
    private static ObjectNode reparsed(ObjectNode body) {
        return (ObjectNode) JSON.parse(body.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static ObjectNode body(Random random, List<String> keys) {
        ObjectNode body = NODES.objectNode();
        int size = random.nextInt(6);
        for (int i = 0; i < size; i++) {
            body.set(keys.get(random.nextInt(keys.size())), value(random, 0));
        }
        return body;
    }

    private static JsonNode value(Random random, int depth) {
        switch (random.nextInt(depth > 2 ? 8 : 10)) {
            case 0:
                return NODES.nullNode();
            case 1:
                return NODES.booleanNode(random.nextBoolean());
            case 2:
                return NODES.numberNode(random.nextInt(200) - 100);
            case 3:
                return NODES.numberNode(random.nextLong());
            case 4:
                return NODES.numberNode(BigInteger.valueOf(random.nextLong()).shiftLeft(70));
            case 5:
                return NODES.numberNode(random.nextDouble() * 100);
            case 6:
            case 7:
                return NODES.textNode(text(random));
            case 8: {
                ArrayNode list = NODES.arrayNode();
                int size = random.nextInt(4);
                for (int i = 0; i < size; i++) {
                    list.add(value(random, depth + 1));
                }
                return list;
            }
            default: {
                ObjectNode object = NODES.objectNode();
                int size = random.nextInt(4);
                for (int i = 0; i < size; i++) {
                    object.set(OTHER_KEYS.get(random.nextInt(OTHER_KEYS.size())), value(random, depth + 1));
                }
                return object;
            }
        }
    }

    private static String text(Random random) {
        String[] samples = {"", " ", "W12", "small", "passed", "tests ok\n", "é✓", "\u0000", "null", "1"};
        return samples[random.nextInt(samples.length)];
    }

    /** What binding gave: the record, or the class and message of what it threw. */
    private static Object outcome(java.util.function.Supplier<?> bind) {
        try {
            return Objects.requireNonNull(bind.get());
        } catch (RuntimeException refused) {
            return refused.getClass().getName() + ": " + refused.getMessage();
        }
    }
}
