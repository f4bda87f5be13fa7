package dev.tasklane.adapter.jdbi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tasklane.json.KeptAsSent;

import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/** JSON text of the plain maps and lists stored in the task table's document columns. */
final class JsonText {
    /** Writes plain trees, and the records that keep what an agent sent as {@link KeptAsSent} says. */
    private static final ObjectMapper MAPPER = JsonMapper.builder().addModule(KeptAsSent.module()).build();
    /** History facts hold ids, which the domain keeps as longs whatever their size. */
    private static final ObjectMapper FACTS = new ObjectMapper().enable(DeserializationFeature.USE_LONG_FOR_INTS);
    /** Reads numbers as written, so that a value stored as sent is answered with the same digits. */
    private static final ObjectMapper EXACT = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };
    private static final TypeReference<List<Object>> LIST = new TypeReference<>() {
    };

    private JsonText() {
    }

    static String write(Object value) {
        if (value == null) {
            return null;
        }
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException unwritable) {
            throw new UncheckedIOException("cannot store value as JSON", unwritable);
        }
    }

    static Map<String, Object> map(String text) {
        return text == null ? null : read(text, MAP);
    }

    /** A map whose whole numbers are longs: the shape of history facts. */
    static Map<String, Object> facts(String text) {
        try {
            return FACTS.readValue(text, MAP);
        } catch (JsonProcessingException unreadable) {
            throw new UncheckedIOException("stored JSON is not readable: " + text, unreadable);
        }
    }

    /** The stored text as a tree, each value exactly as stored (numbers keep their digits). */
    static JsonNode tree(String text) {
        try {
            return EXACT.readTree(text);
        } catch (JsonProcessingException unreadable) {
            throw new UncheckedIOException("stored JSON is not readable: " + text, unreadable);
        }
    }

    static List<Object> list(String text) {
        return text == null ? null : read(text, LIST);
    }

    private static <T> T read(String text, TypeReference<T> type) {
        try {
            return MAPPER.readValue(text, type);
        } catch (JsonProcessingException unreadable) {
            throw new UncheckedIOException("stored JSON is not readable: " + text, unreadable);
        }
    }
}
