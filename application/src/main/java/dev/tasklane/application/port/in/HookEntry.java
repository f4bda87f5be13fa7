package dev.tasklane.application.port.in;

import dev.tasklane.domain.hook.HookName;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * Hook metadata handed to the agent: which hook to run now, the environment to run it with, its timeout
 * and whether a failure blocks the flow. The environment is kept as an unmodifiable {@link Env}, in the
 * order it was given; one built as an {@link Env} already is kept as it is.
 */
public record HookEntry(HookName name, Map<String, String> env, long timeoutMs, boolean blocking) {
    public HookEntry {
        env = Env.copyOf(env);
    }

    /**
     * The environment of a hook entry: an unmodifiable map of names to values in the order they were put, kept
     * as one array of names and values. Every claim and every completion hands out a fresh environment of about
     * fourteen variables per hook (docs/api.md, the hook metadata), so it is built at its final size once, instead of
     * growing a hash map past its capacity and copying it again.
     */
    public static final class Env extends AbstractMap<String, String> {
        private static final Env EMPTY = new Env(new String[0]);

        /** name, value, name, value, ...; names distinct and not null, values not null */
        private final String[] pairs;

        private Env(String[] pairs) {
            this.pairs = pairs;
        }

        /** A builder for an environment of at most {@code capacity} variables. */
        public static Builder builder(int capacity) {
            return new Builder(capacity);
        }

        /** The same names and values, in {@code env}'s iteration order; {@code env} itself when it already is one. */
        public static Env copyOf(Map<String, String> env) {
            if (env instanceof Env kept) {
                return kept;
            }
            if (env.isEmpty()) {
                return EMPTY;
            }
            Builder builder = new Builder(env.size());
            env.forEach(builder::put);
            return builder.build();
        }

        @Override
        public int size() {
            return pairs.length / 2;
        }

        @Override
        public String get(Object name) {
            int at = indexOf(name);
            return at < 0 ? null : pairs[at + 1];
        }

        @Override
        public boolean containsKey(Object name) {
            return indexOf(name) >= 0;
        }

        @Override
        public Set<Map.Entry<String, String>> entrySet() {
            return new Entries();
        }

        /**
         * This environment and one more variable after its own, for the entries of one transition that differ only in
         * their last variable (HOOK_NAME).
         *
         * @throws IllegalArgumentException for a name it already has
         */
        public Env with(String name, String value) {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, () -> "the value of " + name);
            requireNew(pairs, pairs.length, name);
            String[] longer = Arrays.copyOf(pairs, pairs.length + 2);
            longer[pairs.length] = name;
            longer[pairs.length + 1] = value;
            return new Env(longer);
        }

        /** Names are compared by their hash first: the names are literals, whose hashes are computed once. */
        private static void requireNew(String[] pairs, int length, String name) {
            int hash = name.hashCode();
            for (int at = 0; at < length; at += 2) {
                if (pairs[at].hashCode() == hash && pairs[at].equals(name)) {
                    throw new IllegalArgumentException("the hook environment already has " + name);
                }
            }
        }

        private int indexOf(Object name) {
            for (int at = 0; at < pairs.length; at += 2) {
                if (pairs[at].equals(name)) {
                    return at;
                }
            }
            return -1;
        }

        private final class Entries extends AbstractSet<Map.Entry<String, String>> {
            @Override
            public int size() {
                return Env.this.size();
            }

            @Override
            public Iterator<Map.Entry<String, String>> iterator() {
                return new Iterator<>() {
                    private int at;

                    @Override
                    public boolean hasNext() {
                        return at < pairs.length;
                    }

                    @Override
                    public Map.Entry<String, String> next() {
                        if (at >= pairs.length) {
                            throw new NoSuchElementException();
                        }
                        Map.Entry<String, String> entry = new SimpleImmutableEntry<>(pairs[at], pairs[at + 1]);
                        at += 2;
                        return entry;
                    }
                };
            }
        }

        /** Collects names and values in order; {@link #build} hands them over without copying. */
        public static final class Builder {
            private String[] pairs;
            private int length;

            private Builder(int capacity) {
                this.pairs = new String[2 * capacity];
            }

            /** @throws IllegalArgumentException for a name already put; null names and values are refused */
            public Builder put(String name, String value) {
                Objects.requireNonNull(name, "name");
                Objects.requireNonNull(value, () -> "the value of " + name);
                requireNew(pairs, length, name);
                if (length == pairs.length) {
                    pairs = Arrays.copyOf(pairs, Math.max(4, 2 * pairs.length));
                }
                pairs[length++] = name;
                pairs[length++] = value;
                return this;
            }

            /** The environment; the builder must not be used after. */
            public Env build() {
                String[] built = length == pairs.length ? pairs : Arrays.copyOf(pairs, length);
                pairs = null;
                return new Env(built);
            }
        }
    }
}
