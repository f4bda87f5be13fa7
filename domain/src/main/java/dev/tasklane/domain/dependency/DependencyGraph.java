package dev.tasklane.domain.dependency;

import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.validation.DependencyRef;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Dependency rules: references inside a goal's nested children (0-based indices) become identifiers, and a
 * dependency set that would close a cycle is found before it is stored. Only the closure reachable from the
 * new tasks is walked, once, so the cost grows linearly with that closure and not with the size of the board.
 */
public final class DependencyGraph {
    private DependencyGraph() {
    }

    /**
     * Replaces sibling indices with the identifier of the sibling at that index; identifiers pass through, and a
     * malformed name is left out (it names no task, which the caller reports with the unknown ones).
     *
     * @return the resolved identifiers, or empty when an index is out of range
     */
    public static Optional<List<TaskIdentifier>> resolveIndices(List<DependencyRef> references,
                                                                List<TaskIdentifier> siblingIdentifiers) {
        List<TaskIdentifier> resolved = new ArrayList<>(references.size());
        for (DependencyRef reference : references) {
            if (reference instanceof DependencyRef.ByIdentifier byIdentifier) {
                resolved.add(byIdentifier.identifier());
            } else if (reference instanceof DependencyRef.ByIndex byIndex && byIndex.index() >= 0
                    && byIndex.index() < siblingIdentifiers.size()) {
                resolved.add(siblingIdentifiers.get(byIndex.index()));
            } else if (reference instanceof DependencyRef.ByIndex) {
                return Optional.empty();
            }
        }
        return Optional.of(List.copyOf(resolved));
    }

    /**
     * Finds a cycle that {@code task} depending on {@code dependencies} would close.
     *
     * @param dependenciesOf the current dependencies of any identifier on the board (empty for unknown)
     * @return the shortest cycle as a path starting and ending at {@code task} ("W1 → W2 → W1"), or empty
     */
    public static <T> Optional<List<T>> findCycle(T task, List<T> dependencies, Function<T, List<T>> dependenciesOf) {
        return findCycle(Map.of(task, dependencies), dependenciesOf).map(Cycle::path);
    }

    /** A cycle through one of the new tasks: {@code path} starts and ends at {@code task}. */
    public record Cycle<T>(T task, List<T> path) {
    }

    /**
     * Finds a cycle that a set of new or changed tasks would close, in time linear in the tasks and edges
     * reachable from them: the reachable graph is read once (each stored task's dependencies fetched once),
     * its strongly connected components are found with an iterative Tarjan walk, and for the first task of
     * {@code newEdges} (in its iteration order) that lies on a cycle, the shortest cycle through it is found by
     * one breadth-first search with parent links. Loops among stored tasks alone are not reported.
     *
     * @param newEdges the dependencies of each new or changed task, replacing any stored ones
     * @param dependenciesOf the stored dependencies of any other identifier (empty for unknown)
     */
    public static <T> Optional<Cycle<T>> findCycle(Map<T, List<T>> newEdges, Function<T, List<T>> dependenciesOf) {
        Map<T, Integer> index = new HashMap<>();
        List<T> names = new ArrayList<>();
        List<int[]> edges = new ArrayList<>();
        Deque<T> pending = new ArrayDeque<>();
        for (T task : newEdges.keySet()) {
            intern(task, index, names, pending);
        }
        while (!pending.isEmpty()) {
            T node = pending.removeFirst();
            List<T> next = newEdges.containsKey(node) ? newEdges.get(node) : dependenciesOf.apply(node);
            int[] targets = new int[next.size()];
            for (int i = 0; i < targets.length; i++) {
                targets[i] = intern(next.get(i), index, names, pending);
            }
            edges.add(targets);
        }
        int[] component = components(edges);
        int[] componentSize = new int[edges.size()];
        for (int c : component) {
            componentSize[c]++;
        }
        for (T task : newEdges.keySet()) {
            int node = index.get(task);
            boolean selfLoop = Arrays.stream(edges.get(node)).anyMatch(target -> target == node);
            if (selfLoop || componentSize[component[node]] > 1) {
                return Optional.of(new Cycle<>(task, shortestCycle(node, edges, component, names)));
            }
        }
        return Optional.empty();
    }

    private static <T> int intern(T name, Map<T, Integer> index, List<T> names, Deque<T> pending) {
        Integer known = index.get(name);
        if (known != null) {
            return known;
        }
        index.put(name, names.size());
        names.add(name);
        pending.addLast(name);
        return names.size() - 1;
    }

    /** Tarjan's strongly connected components without recursion: the component number of every node. */
    private static int[] components(List<int[]> edges) {
        int n = edges.size();
        int[] order = new int[n];
        int[] low = new int[n];
        int[] component = new int[n];
        int[] nextEdge = new int[n];
        boolean[] onStack = new boolean[n];
        Arrays.fill(order, -1);
        int[] stack = new int[n];
        int stackSize = 0;
        int[] calls = new int[n];
        int counter = 0;
        int components = 0;
        for (int root = 0; root < n; root++) {
            if (order[root] >= 0) {
                continue;
            }
            int depth = 0;
            calls[depth++] = root;
            order[root] = low[root] = counter++;
            stack[stackSize++] = root;
            onStack[root] = true;
            while (depth > 0) {
                int node = calls[depth - 1];
                int[] targets = edges.get(node);
                if (nextEdge[node] < targets.length) {
                    int target = targets[nextEdge[node]++];
                    if (order[target] < 0) {
                        order[target] = low[target] = counter++;
                        stack[stackSize++] = target;
                        onStack[target] = true;
                        calls[depth++] = target;
                    } else if (onStack[target]) {
                        low[node] = Math.min(low[node], order[target]);
                    }
                    continue;
                }
                depth--;
                if (depth > 0) {
                    int caller = calls[depth - 1];
                    low[caller] = Math.min(low[caller], low[node]);
                }
                if (low[node] == order[node]) {
                    int member;
                    do {
                        member = stack[--stackSize];
                        onStack[member] = false;
                        component[member] = components;
                    } while (member != node);
                    components++;
                }
            }
        }
        return component;
    }

    /** The shortest path from {@code start} back to itself inside its component, by BFS with parent links. */
    private static <T> List<T> shortestCycle(int start, List<int[]> edges, int[] component, List<T> names) {
        int[] parent = new int[edges.size()];
        Arrays.fill(parent, -1);
        Deque<Integer> queue = new ArrayDeque<>();
        queue.add(start);
        int last = -1;
        while (!queue.isEmpty() && last < 0) {
            int node = queue.removeFirst();
            for (int target : edges.get(node)) {
                if (target == start) {
                    last = node;
                    break;
                }
                if (component[target] == component[start] && parent[target] < 0 && target != start) {
                    parent[target] = node;
                    queue.addLast(target);
                }
            }
        }
        Deque<T> path = new ArrayDeque<>();
        path.addFirst(names.get(start));
        for (int node = last; node != start; node = parent[node]) {
            path.addFirst(names.get(node));
        }
        path.addFirst(names.get(start));
        return List.copyOf(path);
    }
}
