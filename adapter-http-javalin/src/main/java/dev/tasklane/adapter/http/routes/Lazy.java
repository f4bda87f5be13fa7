package dev.tasklane.adapter.http.routes;

import java.util.Iterator;
import java.util.List;
import java.util.function.Function;

/**
 * A list mapped one element at a time while it is serialised (Jackson writes any {@link Iterable} as a JSON array),
 * so that a large answer never holds every rendered row at once.
 */
final class Lazy {
    private Lazy() {
    }

    static <T, R> Iterable<R> map(List<T> source, Function<? super T, ? extends R> render) {
        return () -> new Iterator<>() {
            private final Iterator<T> rows = source.iterator();

            @Override
            public boolean hasNext() {
                return rows.hasNext();
            }

            @Override
            public R next() {
                return render.apply(rows.next());
            }
        };
    }
}
