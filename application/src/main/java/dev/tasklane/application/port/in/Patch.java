package dev.tasklane.application.port.in;

import java.util.function.Consumer;

/**
 * One field of a partial edit ({@link UpdateTask}): either {@linkplain #unchanged() not sent}, so the current value
 * stays, or {@linkplain #to(Object) sent}, with the new value, which may be null (the field is cleared). This is how
 * an edit tells "absent" from "set to null" from "set to a value" without a map of the keys sent.
 *
 * @param <T> the field's type
 */
public sealed interface Patch<T> {
    /** The field was not sent: keep the current value. */
    static <T> Patch<T> unchanged() {
        @SuppressWarnings("unchecked")
        Patch<T> unchanged = (Patch<T>) Unchanged.INSTANCE;
        return unchanged;
    }

    /** The field was sent with this value; null clears it. */
    static <T> Patch<T> to(T value) {
        return new To<>(value);
    }

    /** {@link #to(Object) to(value)} when {@code sent}, else {@link #unchanged()}. */
    static <T> Patch<T> sentIf(boolean sent, T value) {
        return sent ? to(value) : unchanged();
    }

    /** Whether the field was sent. */
    boolean isSent();

    /** The sent value, or {@code current} when the field was not sent. */
    T orElse(T current);

    /** Hands the sent value (possibly null) to {@code action}; does nothing when the field was not sent. */
    default void ifSent(Consumer<T> action) {
        if (this instanceof To<T> to) {
            action.accept(to.value());
        }
    }

    /** A field that was not sent. */
    final class Unchanged<T> implements Patch<T> {
        private static final Unchanged<Object> INSTANCE = new Unchanged<>();

        private Unchanged() {
        }

        @Override
        public boolean isSent() {
            return false;
        }

        @Override
        public T orElse(T current) {
            return current;
        }

        @Override
        public String toString() {
            return "unchanged";
        }
    }

    /** A field that was sent; {@code value} may be null. */
    record To<T>(T value) implements Patch<T> {
        @Override
        public boolean isSent() {
            return true;
        }

        @Override
        public T orElse(T current) {
            return value;
        }
    }
}
