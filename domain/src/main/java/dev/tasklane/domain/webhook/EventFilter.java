package dev.tasklane.domain.webhook;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.history.HistoryKind;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The event types a subscription wants, by the event stream's names ({@code task.claimed}); empty means every type,
 * including the types added later.
 */
public record EventFilter(Set<String> types) {
    /** The names a filter may hold: the event stream's. */
    public static final Set<String> KNOWN = Arrays.stream(HistoryKind.values()).map(HistoryKind::eventName)
            .collect(Collectors.toUnmodifiableSet());
    public static final EventFilter ALL = new EventFilter(Set.of());

    public EventFilter {
        types = Set.copyOf(new TreeSet<>(types));
    }

    /** The filter of these names, each refused (422, field {@code events}) unless it is an event stream name. */
    public static EventFilter of(Collection<String> names) {
        if (names == null) {
            return ALL;
        }
        if (names.size() > KNOWN.size()) {
            throw invalid("must name at most " + KNOWN.size() + " event types");
        }
        for (String name : names) {
            if (name == null || !KNOWN.contains(name)) {
                throw invalid("must hold event type names of the event stream, one of "
                        + new TreeSet<>(KNOWN).stream().collect(Collectors.joining(", ")) + "; got " + name);
            }
        }
        return new EventFilter(Set.copyOf(names));
    }

    public boolean all() {
        return types.isEmpty();
    }

    public boolean wants(String type) {
        return types.isEmpty() || types.contains(type);
    }

    /** The names, sorted; empty for all. */
    public List<String> sorted() {
        return List.copyOf(new TreeSet<>(types));
    }

    private static InvalidInputException invalid(String message) {
        return new InvalidInputException("invalid_param", "events " + message, new ErrorDetails.Field("events"));
    }
}
