package dev.tasklane.adapter.http.pipeline;


import dev.tasklane.adapter.http.error.RequestRefused;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.tasklane.json.KeptAsSent;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The one Jackson configuration of the edge: bodies parse to JSON trees, with integral numbers as int, long or
 * big integer nodes, and are bound from them to the request records; trailing tokens, over-deep nesting and non-standard JSON
 * are refused; responses are written with the same mapper, whose nesting limit is stated rather than left to
 * Jackson's default.
 */
public final class Json {
    /**
     * How much deeper than a request body a response may nest: a response wraps values that came in a body (at
     * most the request nesting cap deep) in a few levels of its own (envelope, list, task). Every answer is built
     * flat otherwise (the dependency chain is a flat list), so nothing can reach this limit.
     */
    static final int RESPONSE_NESTING_ALLOWANCE = 16;

    /** The direct binder of each plain request record, made once per class; null for a class bound by Jackson. */
    private static final ClassValue<RecordBinder<?>> BINDERS = new ClassValue<>() {
        @Override
        protected RecordBinder<?> computeValue(Class<?> type) {
            return RecordBinder.of(type);
        }
    };

    private final ObjectMapper mapper;
    /**
     * The mapper's reader of documents and its streaming writer, made once: Jackson's readers and writers are
     * immutable and shared across threads, and making one per request showed in the request path's profile.
     */
    private final ObjectReader documents;
    private final ObjectReader trees;
    private final ObjectWriter streaming;
    private final long maxBodyBytes;
    private final int maxDepth;

    public Json(HttpSettings settings) {
        this.maxBodyBytes = settings.maxBodyBytes();
        this.maxDepth = settings.maxJsonDepth();
        JsonMapper built = JsonMapper.builder()
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                .addModule(new JavaTimeModule())
                .addModule(ValueIdsJson.module())
                .addModule(KeptAsSent.module())
                .build();
        built.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                .maxNestingDepth(maxDepth)
                .maxStringLength((int) Math.min(Integer.MAX_VALUE, Math.max(maxBodyBytes, 20_000_000L)))
                .build());
        built.getFactory().setStreamWriteConstraints(StreamWriteConstraints.builder()
                .maxNestingDepth(maxDepth + RESPONSE_NESTING_ALLOWANCE)
                .build());
        built.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        built.coercionConfigFor(LogicalType.Boolean)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        built.coercionConfigFor(LogicalType.Integer)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        this.mapper = built;
        this.documents = built.readerFor(Object.class);
        this.trees = built.readerFor(JsonNode.class);
        // an answer is never flushed on its way: the response then completes with its Content-Length, in one write
        this.streaming = built.writer().without(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                .without(com.fasterxml.jackson.core.JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM);
    }

    public ObjectMapper mapper() {
        return mapper;
    }

    public long maxBodyBytes() {
        return maxBodyBytes;
    }

    /**
     * Reads at most the body cap from the stream; more is a 413. A body of a declared length is read straight into an
     * array of that length; a body without one (chunked) is gathered in 8 KB steps.
     */
    byte[] readBounded(InputStream in, long declaredLength) {
        if (declaredLength > maxBodyBytes) {
            throw RequestRefused.tooLarge(maxBodyBytes);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long total = 0;
        try (in) {
            if (declaredLength >= 0) {
                byte[] body = new byte[(int) declaredLength];
                int got = in.readNBytes(body, 0, body.length);
                if (got < body.length) {
                    return java.util.Arrays.copyOf(body, got);
                }
                int more = in.read();
                if (more == -1) {
                    return body;
                }
                // more than declared, which HTTP framing does not let through: gathered within the cap as any body
                out.write(body);
                out.write(more);
                total = body.length + 1L;
                if (total > maxBodyBytes) {
                    throw RequestRefused.tooLarge(maxBodyBytes);
                }
            }
            byte[] buffer = new byte[8192];
            int read;
            while ((read = in.read(buffer)) != -1) {
                total += read;
                if (total > maxBodyBytes) {
                    throw RequestRefused.tooLarge(maxBodyBytes);
                }
                out.write(buffer, 0, read);
            }
        } catch (IOException unreadable) {
            throw RequestRefused.badRequest("The request body could not be read: " + unreadable.getMessage());
        }
        return out.toByteArray();
    }

    /**
     * Parses a whole request body into a JSON tree, which the routes bind to their request records; an empty body is
     * an empty object, as Phoenix treats it.
     */
    public JsonNode parse(byte[] body) {
        if (isBlank(body)) {
            return mapper.createObjectNode();
        }
        return read(trees, body, "The request body");
    }

    /** Parses a JSON document that is not a request body (a decoded changed_files envelope). */
    public Object parseDocument(byte[] body, String what) {
        return read(documents, body, what);
    }

    /** A JSON tree as the plain Java values it reads as ({@code Map}, {@code List}, scalars). */
    public Object plainTree(JsonNode tree) {
        try {
            return documents.readValue(mapper.treeAsTokens(tree));
        } catch (IOException unreadable) {
            throw new IllegalStateException("a parsed tree reads back", unreadable);
        }
    }

    /**
     * A parsed JSON tree bound to a request record; the record's components take any JSON value they are sent. A
     * plain record ({@link RecordBinder}) is read straight from the object's keys; anything its binder refuses, and
     * every other type, is bound by Jackson.
     */
    public <T> T bind(JsonNode tree, Class<T> type) {
        if (tree instanceof ObjectNode object) {
            @SuppressWarnings("unchecked")
            RecordBinder<T> binder = (RecordBinder<T>) BINDERS.get(type);
            T bound = binder == null ? null : binder.bind(object);
            if (bound != null) {
                return bound;
            }
        }
        return bindWithJackson(tree, type);
    }

    /** {@link #bind} by Jackson alone: what the direct binding of a plain record is held to. */
    <T> T bindWithJackson(JsonNode tree, Class<T> type) {
        try {
            return mapper.treeToValue(tree, type);
        } catch (JsonProcessingException unbindable) {
            throw new IllegalStateException(type.getSimpleName() + " binds any JSON object", unbindable);
        }
    }

    private <T> T read(ObjectReader reader, byte[] body, String what) {
        try {
            return reader.readValue(body);
        } catch (StreamConstraintsException tooDeep) {
            throw RequestRefused.badRequest(what + " nests JSON deeper than " + maxDepth
                    + " levels (or holds an oversized value); flatten the structure and retry.");
        } catch (JsonProcessingException malformed) {
            throw RequestRefused.badRequest(what + " is not valid JSON: " + describe(malformed)
                    + ". Send one JSON object, e.g. {\"task\": {\"title\": \"...\"}}, with double-quoted keys and no trailing data.");
        } catch (IOException unreadable) {
            throw RequestRefused.badRequest(what + " could not be read: " + unreadable.getMessage());
        }
    }

    /**
     * Serialises {@code value} straight onto {@code out} as it is walked, so that a large answer (a list of 500
     * tasks) is never held as one string; {@code out} is neither flushed nor closed: the server completes the
     * response after the handler, with a Content-Length when the answer fits its buffer.
     */
    void writeTo(java.io.OutputStream out, Object value) {
        try {
            streaming.writeValue(out, value);
        } catch (IOException unwritable) {
            throw new java.io.UncheckedIOException("response not written", unwritable);
        }
    }

    /**
     * {@code value} as the plain tree its JSON reads as ({@code Map}, {@code List}, scalars), for a caller that reads
     * an answer in-process: the answer is serialised once into a token buffer and read back, so the tree holds
     * exactly what the wire would (values kept as sent stay raw JSON text).
     */
    public Object plain(Object value) {
        if (value == null) {
            return null;
        }
        try (TokenBuffer buffer = new TokenBuffer(mapper, false)) {
            mapper.writeValue(buffer, value);
            try (com.fasterxml.jackson.core.JsonParser tokens = buffer.asParser(mapper)) {
                return documents.readValue(tokens);
            }
        } catch (IOException unwritable) {
            throw new IllegalStateException("answer not serializable", unwritable);
        }
    }

    public String write(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException unwritable) {
            throw new IllegalStateException("response not serializable", unwritable);
        }
    }

    private static String describe(JsonProcessingException error) {
        String message = error.getOriginalMessage();
        if (message == null) {
            return "unreadable";
        }
        int cut = message.indexOf('\n');
        String first = cut < 0 ? message : message.substring(0, cut);
        if (first.length() > 200) {
            first = first.substring(0, 200) + "…";
        }
        if (error.getLocation() != null) {
            first += " (line " + error.getLocation().getLineNr() + ", column " + error.getLocation().getColumnNr() + ")";
        }
        return first;
    }

    private static boolean isBlank(byte[] body) {
        for (byte b : body) {
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return false;
            }
        }
        return true;
    }

    static String utf8(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
