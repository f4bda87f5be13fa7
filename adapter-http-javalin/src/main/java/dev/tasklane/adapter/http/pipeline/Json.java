package dev.tasklane.adapter.http.pipeline;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
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
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.json.KeptAsSent;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The one Jackson configuration of the edge: bodies parse to JSON trees, with integral numbers as int, long or
 * big integer nodes, and are bound from them to the request records; trailing tokens, over-deep nesting and non-standard JSON
 * are refused; responses are written with the same mapper, whose nesting limit is stated rather than left to
 * Jackson's default, and which writes the value ids as numbers ({@link #valueIds}). A plain request record is bound
 * straight from the object's keys ({@link RecordBinder}).
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
                .addModule(valueIds())
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

    /**
     * How an answer writes the value ids: a {@link TaskId}, {@link UserId} or {@link BoardId} as the bare number it
     * wraps, wherever an answer holds one; a {@link TaskIdentifier} as its text ("W12").
     */
    private static SimpleModule valueIds() {
        return new SimpleModule("tasklane-value-ids")
                .addSerializer(TaskId.class, asNumber(TaskId.class, TaskId::value))
                .addSerializer(UserId.class, asNumber(UserId.class, UserId::value))
                .addSerializer(BoardId.class, asNumber(BoardId.class, BoardId::value))
                .addSerializer(TaskIdentifier.class, new StdSerializer<>(TaskIdentifier.class) {
                    @Override
                    public void serialize(TaskIdentifier identifier, JsonGenerator generator, SerializerProvider provider)
                            throws IOException {
                        generator.writeString(identifier.toString());
                    }
                });
    }

    private static <T> StdSerializer<T> asNumber(Class<T> type, ToLongFunction<T> value) {
        return new StdSerializer<>(type) {
            @Override
            public void serialize(T id, JsonGenerator generator, SerializerProvider provider) throws IOException {
                generator.writeNumber(value.applyAsLong(id));
            }
        };
    }

    /**
     * The direct binding of a parsed body to a plain request record, without Jackson's second pass over the tree:
     * each component is read from its key of the object, a {@link JsonNode} component as the value sent (null when
     * the key is missing, a null node when it was sent as null), a {@code String} component as the text of a string
     * (null when missing or null). It takes only the records whose binding by Jackson is exactly that: components of
     * those two types, named as the record or by the snake-case strategy, with no Jackson annotation that changes how
     * a component binds. For any other value (a number sent for a string component) {@link #bind} refuses, and the
     * caller binds with Jackson instead, so that every outcome, refusals included, stays Jackson's.
     *
     * @param <T> the record
     */
    static final class RecordBinder<T> {
        private final Constructor<T> constructor;
        private final String[] keys;
        private final boolean[] text;

        private RecordBinder(Constructor<T> constructor, String[] keys, boolean[] text) {
            this.constructor = constructor;
            this.keys = keys;
            this.text = text;
        }

        /** The binder of {@code type}, or null when Jackson's binding of it is not the plain one this makes. */
        static <T> RecordBinder<T> of(Class<T> type) {
            if (!type.isRecord() || type.getTypeParameters().length > 0 || !plainClass(type)) {
                return null;
            }
            JsonNaming naming = type.getAnnotation(JsonNaming.class);
            PropertyNamingStrategies.NamingBase snake = naming == null ? null : new PropertyNamingStrategies.SnakeCaseStrategy();
            RecordComponent[] components = type.getRecordComponents();
            String[] keys = new String[components.length];
            boolean[] text = new boolean[components.length];
            List<Class<?>> types = new ArrayList<>();
            for (int i = 0; i < components.length; i++) {
                RecordComponent component = components[i];
                if (component.getType() != String.class && component.getType() != JsonNode.class
                        || !plain(component.getAnnotations()) || !plain(component.getAccessor().getAnnotations())) {
                    return null;
                }
                try {
                    if (!plain(type.getDeclaredField(component.getName()).getAnnotations())) {
                        return null;
                    }
                } catch (NoSuchFieldException impossible) {
                    return null;
                }
                keys[i] = snake == null ? component.getName() : snake.translate(component.getName());
                text[i] = component.getType() == String.class;
                types.add(component.getType());
            }
            try {
                Constructor<T> canonical = type.getDeclaredConstructor(types.toArray(Class<?>[]::new));
                for (Annotation[] parameter : canonical.getParameterAnnotations()) {
                    if (!plain(parameter)) {
                        return null;
                    }
                }
                if (!plain(canonical.getAnnotations()) || hasJacksonMember(type, canonical)) {
                    return null;
                }
                canonical.setAccessible(true);
                return new RecordBinder<>(canonical, keys, text);
            } catch (NoSuchMethodException | RuntimeException inaccessible) {
                return null;
            }
        }

        /**
         * The record bound from {@code body}, or null when a value is not what this binder takes (a string component
         * sent something other than a string or null): the caller then binds with Jackson.
         */
        T bind(ObjectNode body) {
            Object[] values = new Object[keys.length];
            for (int i = 0; i < keys.length; i++) {
                JsonNode value = body.get(keys[i]);
                if (!text[i]) {
                    values[i] = value;
                } else if (value != null && value.isTextual()) {
                    values[i] = value.textValue();
                } else if (value != null && !value.isNull()) {
                    return null;
                }
            }
            try {
                return constructor.newInstance(values);
            } catch (InvocationTargetException refused) {
                // the record's own constructor refused the values: Jackson's binding reports it its way
                return null;
            } catch (ReflectiveOperationException unexpected) {
                throw new IllegalStateException("cannot construct " + constructor.getDeclaringClass().getSimpleName(),
                        unexpected);
            }
        }

        /** A class whose Jackson annotations only name the snake-case strategy, ignore unknown keys or steer writing. */
        private static boolean plainClass(Class<?> type) {
            for (Annotation annotation : type.getAnnotations()) {
                if (annotation instanceof JsonNaming naming) {
                    if (naming.value() != PropertyNamingStrategies.SnakeCaseStrategy.class) {
                        return false;
                    }
                } else if (annotation instanceof JsonIgnoreProperties ignored) {
                    if (ignored.value().length > 0 || ignored.allowGetters() || ignored.allowSetters()) {
                        return false;
                    }
                } else if (!(annotation instanceof JsonInclude) && jackson(annotation)) {
                    return false;
                }
            }
            return true;
        }

        /** No Jackson annotation but {@link JsonInclude}, which only steers writing. */
        private static boolean plain(Annotation[] annotations) {
            for (Annotation annotation : annotations) {
                if (!(annotation instanceof JsonInclude) && jackson(annotation)) {
                    return false;
                }
            }
            return true;
        }

        private static boolean jackson(Annotation annotation) {
            return annotation.annotationType().getName().startsWith("com.fasterxml.jackson.");
        }

        /**
         * A constructor, factory or method that Jackson's annotations bring into the binding (another creator, an any
         * setter): then the binding is not the plain one.
         */
        private static boolean hasJacksonMember(Class<?> type, Constructor<?> canonical) {
            for (Constructor<?> constructor : type.getDeclaredConstructors()) {
                if (!constructor.equals(canonical) && !plain(constructor.getAnnotations())) {
                    return true;
                }
            }
            for (java.lang.reflect.Method method : type.getDeclaredMethods()) {
                if (!plain(method.getAnnotations())) {
                    return true;
                }
                for (Annotation[] parameter : method.getParameterAnnotations()) {
                    if (!plain(parameter)) {
                        return true;
                    }
                }
            }
            return false;
        }
    }
}
