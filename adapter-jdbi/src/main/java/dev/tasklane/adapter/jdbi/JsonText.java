package dev.tasklane.adapter.jdbi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.tasklane.json.KeptAsSent;

import java.io.UncheckedIOException;

/**
 * The JSON text of the task table's document columns: the document records of this package written and read by one
 * mapper, made once (readers and writers are immutable and shared; a claim or a completion reads documents on every
 * call). A document reads the keys its record names and ignores any other, as the store always has.
 */
final class JsonText {
    /** Writes the document records, and the records that keep what an agent sent as {@link KeptAsSent} says. */
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(KeptAsSent.module())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();
    private static final ObjectWriter WRITER = MAPPER.writer();
    /** Reads numbers as written, so that a value stored as sent is answered with the same digits. */
    private static final ObjectMapper EXACT = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private JsonText() {
    }

    static String write(Object value) {
        if (value == null) {
            return null;
        }
        try {
            return WRITER.writeValueAsString(value);
        } catch (JsonProcessingException unwritable) {
            throw new UncheckedIOException("cannot store value as JSON", unwritable);
        }
    }

    /** The writer of kept values: a stored value that is not of its documented type is kept as this writes it. */
    static ObjectWriter writer() {
        return WRITER;
    }

    /** The reader of one document record, to be made once per record type. */
    static ObjectReader reader(Class<?> type) {
        return MAPPER.readerFor(type);
    }

    /** The reader of one generic document record, to be made once per record type. */
    static ObjectReader reader(TypeReference<?> type) {
        return MAPPER.readerFor(type);
    }

    /** The document stored in a column's text; null for a null column (or the JSON text {@code null}). */
    static <T> T read(ObjectReader reader, String text) {
        if (text == null) {
            return null;
        }
        try {
            return reader.readValue(text);
        } catch (JsonProcessingException unreadable) {
            throw new UncheckedIOException("stored JSON is not readable: " + text, unreadable);
        }
    }

    /**
     * The reader of a document whose kept values must read with the digits they were stored with (a float keeps its
     * trailing zeros), to be made once per record type.
     */
    static ObjectReader exactReader(TypeReference<?> type) {
        return EXACT.readerFor(type);
    }
}
