package dev.tasklane.edge;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A task object as sent, before any rule has read it: its keys in the order sent, each with its value as the plain
 * tree a JSON value reads as (a {@code String}, a {@code Boolean}, an {@code Integer}, {@code Long} or
 * {@code BigInteger}, a {@code Double}, a {@code List}, a {@code Map} with string keys, or null when sent as null).
 * The HTTP adapter binds one from a request's {@code task} object, the web interface builds one from a form; both
 * hand it to {@link CreateTaskParser} or {@link UpdateTaskParser}, so a task reads the same whichever way it came.
 * A key that is not sent is told apart from one sent as null ({@link #has}).
 */
public final class SentTask {
    private final Map<String, Object> fields;

    private SentTask(Map<String, Object> fields) {
        this.fields = Collections.unmodifiableMap(fields);
    }

    /** The object of a plain tree (its keys read as strings), e.g. one of a goal's {@code tasks} as sent. */
    public static SentTask of(Map<?, ?> object) {
        Builder builder = builder();
        object.forEach((key, value) -> builder.put(String.valueOf(key), value));
        return builder.build();
    }

    /** The entry of a list as sent, as a task object when it is one. */
    public static Optional<SentTask> ifObject(Object entry) {
        return entry instanceof Map<?, ?> map ? Optional.of(of(map)) : Optional.empty();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Whether {@code key} was sent, null included. */
    public boolean has(String key) {
        return fields.containsKey(key);
    }

    /** The value sent under {@code key}; null when it was sent as null or not sent at all. */
    public Object value(String key) {
        return fields.get(key);
    }

    /** The keys sent, in the order sent. */
    public Set<String> keys() {
        return fields.keySet();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SentTask sent && sent.fields.equals(fields);
    }

    @Override
    public int hashCode() {
        return fields.hashCode();
    }

    @Override
    public String toString() {
        return "SentTask" + fields;
    }

    /** Collects the keys of a task object in the order they are read. */
    public static final class Builder {
        private final Map<String, Object> fields = new LinkedHashMap<>();

        private Builder() {
        }

        /** {@code key} sent with {@code value}; a key sent twice keeps its last value, as JSON readers do. */
        public Builder put(String key, Object value) {
            fields.put(key, value);
            return this;
        }

        public SentTask build() {
            return new SentTask(new LinkedHashMap<>(fields));
        }
    }
}
