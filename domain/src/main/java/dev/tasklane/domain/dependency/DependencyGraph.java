package dev.tasklane.domain.dependency;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Dependency rules: references inside a goal's nested children (0-based indices) become identifiers, and a
 * dependency set that would close a cycle is found before it is stored. Only the closure reachable from the
 * task is walked, so the cost does not grow with the size of the board.
 */
public final class DependencyGraph {
    private DependencyGraph() {
    }

    /**
     * Replaces integer entries with the identifier of the sibling at that index; strings pass through.
     *
     * @return the resolved identifiers, or empty when an index is out of range or an entry is neither
     */
    public static Optional<List<String>> resolveIndices(List<?> references, List<String> siblingIdentifiers) {
        List<String> resolved = new ArrayList<>(references.size());
        for (Object reference : references) {
            if (reference instanceof String identifier) {
                resolved.add(identifier);
            } else if (reference instanceof Number number && number.longValue() >= 0
                    && number.longValue() < siblingIdentifiers.size() && number.doubleValue() == number.longValue()) {
                resolved.add(siblingIdentifiers.get(number.intValue()));
            } else {
                return Optional.empty();
            }
        }
        return Optional.of(List.copyOf(resolved));
    }

    /**
     * Finds a cycle that {@code task} depending on {@code dependencies} would close.
     *
     * @param dependenciesOf the current dependencies of any identifier on the board (empty for unknown)
     * @return the cycle as a path starting and ending at {@code task} ("W1 → W2 → W1"), or empty
     */
    public static Optional<List<String>> findCycle(String task, List<String> dependencies,
                                                   Function<String, List<String>> dependenciesOf) {
        Deque<List<String>> paths = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        for (String dependency : dependencies) {
            paths.add(List.of(task, dependency));
        }
        while (!paths.isEmpty()) {
            List<String> path = paths.removeFirst();
            String last = path.get(path.size() - 1);
            if (last.equals(task)) {
                return Optional.of(path);
            }
            if (!seen.add(last)) {
                continue;
            }
            for (String next : dependenciesOf.apply(last)) {
                List<String> longer = new ArrayList<>(path);
                longer.add(next);
                paths.addLast(longer);
            }
        }
        return Optional.empty();
    }
}
