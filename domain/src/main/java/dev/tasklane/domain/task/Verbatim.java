package dev.tasklane.domain.task;

import java.util.Objects;

/**
 * One value an agent sent that no rule reads, kept so that what was sent comes back unchanged. The text is the value
 * in the encoding of the adapter that received it; the domain never reads, parses or compares it beyond equality,
 * and only adapters (the one that received it, a store that keeps it) know its format.
 *
 * @param text the encoded value, as the receiving adapter wrote it
 */
public record Verbatim(String text) {
    public Verbatim {
        Objects.requireNonNull(text, "text");
    }

    @Override
    public String toString() {
        return text;
    }
}
