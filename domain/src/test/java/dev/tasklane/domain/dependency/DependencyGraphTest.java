package dev.tasklane.domain.dependency;

import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.validation.DependencyRef;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import static dev.tasklane.domain.testing.TaskFixtures.id;
import static dev.tasklane.domain.testing.TaskFixtures.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DependencyGraphTest {
    @Nested
    class IndexResolution {
        private final List<TaskIdentifier> siblings = ids("W10", "W11", "W12");

        @Test
        void inRangeIndicesBecomeSiblingIdentifiers() {
            assertEquals(Optional.of(ids("W10", "W12")), DependencyGraph.resolveIndices(List.of(index(0), index(2)), siblings));
            assertEquals(Optional.of(ids("W11")), DependencyGraph.resolveIndices(List.of(index(1)), siblings));
        }

        @Test
        void identifiersPassThroughAndMixWithIndices() {
            assertEquals(Optional.of(ids("W10", "W23", "W12")), DependencyGraph.resolveIndices(
                    List.of(index(0), new DependencyRef.ByIdentifier(id("W23")), index(2)), siblings));
        }

        @Test
        void aMalformedNameIsLeftForTheUnknownCheck() {
            assertEquals(Optional.of(ids("W10")), DependencyGraph.resolveIndices(
                    List.of(new DependencyRef.Malformed("w1"), index(0)), siblings));
        }

        @Test
        void anEmptyListResolvesToEmpty() {
            assertEquals(Optional.of(List.of()), DependencyGraph.resolveIndices(List.of(), siblings));
        }

        @Test
        void outOfRangeIndicesAreRefused() {
            assertEquals(Optional.empty(), DependencyGraph.resolveIndices(List.of(index(3)), siblings));
            assertEquals(Optional.empty(), DependencyGraph.resolveIndices(List.of(index(0), index(3)), siblings));
            assertEquals(Optional.empty(), DependencyGraph.resolveIndices(List.of(index(-1)), siblings));
            assertEquals(Optional.empty(), DependencyGraph.resolveIndices(List.of(index(0)), List.of()));
            assertEquals(Optional.empty(), DependencyGraph.resolveIndices(List.of(index(Integer.MAX_VALUE)), siblings));
        }

        private static DependencyRef index(int index) {
            return new DependencyRef.ByIndex(index);
        }
    }

    /** A walk that forgets where it has been loops forever on an existing cycle: fail instead of hanging. */
    @Nested
    @Timeout(value = 5, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    class Cycles {
        private Function<String, List<String>> graph(String... edges) {
            Map<String, List<String>> map = new HashMap<>();
            for (String edge : edges) {
                String[] ends = edge.split("->");
                map.computeIfAbsent(ends[0], k -> new ArrayList<>()).add(ends[1]);
            }
            return id -> map.getOrDefault(id, List.of());
        }

        @Test
        void aDirectCycleIsFoundWithItsPath() {
            assertEquals(Optional.of(List.of("W1", "W2", "W1")),
                    DependencyGraph.findCycle("W1", List.of("W2"), graph("W2->W1")));
        }

        @Test
        void aTransitiveCycleIsFoundWithItsPath() {
            assertEquals(Optional.of(List.of("W1", "W2", "W3", "W4", "W1")),
                    DependencyGraph.findCycle("W1", List.of("W2"), graph("W2->W3", "W3->W4", "W4->W1", "W3->W9")));
        }

        @Test
        void dependingOnItselfIsACycle() {
            assertEquals(Optional.of(List.of("W1", "W1")), DependencyGraph.findCycle("W1", List.of("W1"), graph()));
        }

        @Test
        void noCycleInADag() {
            assertEquals(Optional.empty(), DependencyGraph.findCycle("W1", List.of("W2", "W3"),
                    graph("W2->W4", "W3->W4", "W4->W5")));
            assertEquals(Optional.empty(), DependencyGraph.findCycle("W1", List.of(), graph("W2->W1")));
        }

        @Test
        void theTasksOwnCurrentEdgesAreReplacedNotFollowed() {
            // W1 currently depends on W2, and W2 on W1 would be refused; but here W1 drops W2 for W3
            assertEquals(Optional.empty(), DependencyGraph.findCycle("W1", List.of("W3"), graph("W1->W2", "W2->W1")));
        }

        @Test
        void anExistingLoopElsewhereTerminatesAndIsNotReported() {
            assertEquals(Optional.empty(), DependencyGraph.findCycle("W1", List.of("W2"),
                    graph("W2->W3", "W3->W2", "W3->W3")));
        }

        @Test
        void theShortestCycleIsReported() {
            assertEquals(Optional.of(List.of("W1", "W3", "W1")), DependencyGraph.findCycle("W1", List.of("W2", "W3"),
                    graph("W2->W4", "W4->W1", "W3->W1")));
        }

        @Test
        void onlyTheReachableClosureIsVisitedEachNodeOnce() {
            // a board of 10 000 tasks in one long chain W2 -> W3 -> ... ; W1 only reaches a diamond of four
            Map<String, List<String>> edges = new HashMap<>();
            for (int i = 100; i < 10_100; i++) {
                edges.put("W" + i, List.of("W" + (i + 1)));
            }
            edges.put("W2", List.of("W3", "W4"));
            edges.put("W3", List.of("W5"));
            edges.put("W4", List.of("W5"));
            edges.put("W5", List.of());
            List<String> lookups = new ArrayList<>();
            Function<String, List<String>> counting = id -> {
                lookups.add(id);
                return edges.getOrDefault(id, List.of());
            };

            assertEquals(Optional.empty(), DependencyGraph.findCycle("W1", List.of("W2"), counting));
            assertEquals(4, lookups.size(), lookups.toString());
            assertEquals(Set.of("W2", "W3", "W4", "W5"), new TreeSet<>(lookups));
        }
    }

    /** A whole request's new tasks checked at once (CreateService), as the worst bodies under the caps need. */
    @Nested
    class WholeRequests {
        private final Function<String, List<String>> nothingStored = id -> List.of();

        private Map<String, List<String>> chain(int length) {
            Map<String, List<String>> edges = new java.util.LinkedHashMap<>();
            for (int i = 1; i <= length; i++) {
                edges.put("W" + i, i == 1 ? List.of() : List.of("W" + (i - 1)));
            }
            return edges;
        }

        @Test
        void aLongChainOfNewTasksHasNoCycle() {
            assertEquals(Optional.empty(), DependencyGraph.findCycle(chain(100_000), nothingStored));
        }

        @Test
        void aLongChainClosedIntoARingNamesTheWholeRingFromTheFirstTask() {
            Map<String, List<String>> edges = chain(100_000);
            edges.put("W1", List.of("W100000"));
            DependencyGraph.Cycle<String> cycle = DependencyGraph.findCycle(edges, nothingStored).orElseThrow();
            assertEquals("W1", cycle.task());
            assertEquals(100_001, cycle.path().size());
            assertEquals(List.of("W1", "W100000", "W99999"), cycle.path().subList(0, 3));
            assertEquals("W1", cycle.path().get(cycle.path().size() - 1));
        }

        @Test
        void theFirstNewTaskOnACycleIsReportedWithTheShortestCycleThroughIt() {
            Map<String, List<String>> edges = new java.util.LinkedHashMap<>();
            edges.put("W1", List.of());
            edges.put("W2", List.of("W3", "W9"));
            edges.put("W3", List.of("W4"));
            edges.put("W4", List.of("W2"));
            Function<String, List<String>> stored = id -> id.equals("W9") ? List.of("W2") : List.of();
            assertEquals(Optional.of(new DependencyGraph.Cycle<>("W2", List.of("W2", "W9", "W2"))),
                    DependencyGraph.findCycle(edges, stored));
        }

        @Test
        void aCycleThroughStoredTasksBackToANewOneIsFoundAndEachStoredTaskIsReadOnce() {
            List<String> lookups = new ArrayList<>();
            Map<String, List<String>> stored = Map.of("W50", List.of("W51"), "W51", List.of("W52"), "W52", List.of("W7"));
            Map<String, List<String>> edges = new java.util.LinkedHashMap<>();
            edges.put("W7", List.of("W8", "W50"));
            edges.put("W8", List.of("W50"));
            assertEquals(Optional.of(new DependencyGraph.Cycle<>("W7", List.of("W7", "W50", "W51", "W52", "W7"))),
                    DependencyGraph.findCycle(edges, id -> {
                        lookups.add(id);
                        return stored.getOrDefault(id, List.of());
                    }));
            assertEquals(List.of("W50", "W51", "W52"), lookups);
        }

        @Test
        void loopsAmongStoredTasksAloneAreNotReported() {
            Map<String, List<String>> stored = Map.of("W50", List.of("W51"), "W51", List.of("W50"));
            assertEquals(Optional.empty(), DependencyGraph.findCycle(Map.of("W1", List.of("W50")),
                    id -> stored.getOrDefault(id, List.of())));
        }

        @Test
        void generatedGraphsAgreeWithAPlainSearchForEveryNewTask() {
            long seed = Long.getLong("tasklane.graph.seed", System.nanoTime());
            System.out.println("DependencyGraphTest seed " + seed + " (replay with -Dtasklane.graph.seed=" + seed + ")");
            java.util.Random random = new java.util.Random(seed);
            for (int round = 0; round < 300; round++) {
                int nodes = 2 + random.nextInt(12);
                Map<String, List<String>> all = new HashMap<>();
                for (int i = 0; i < nodes; i++) {
                    List<String> deps = new ArrayList<>();
                    for (int d = random.nextInt(3); d > 0; d--) {
                        deps.add("W" + random.nextInt(nodes));
                    }
                    all.put("W" + i, deps);
                }
                Map<String, List<String>> newEdges = new java.util.LinkedHashMap<>();
                for (int i = 0; i < nodes; i++) {
                    if (random.nextBoolean()) {
                        newEdges.put("W" + i, all.get("W" + i));
                    }
                }
                Optional<DependencyGraph.Cycle<String>> found = DependencyGraph.findCycle(newEdges,
                        id -> all.getOrDefault(id, List.of()));
                String expectedTask = newEdges.keySet().stream().filter(task -> reachesItself(task, all))
                        .findFirst().orElse(null);
                assertEquals(expectedTask, found.map(DependencyGraph.Cycle::task).orElse(null), "seed " + seed);
                found.ifPresent(cycle -> {
                    List<String> path = cycle.path();
                    assertEquals(cycle.task(), path.get(0));
                    assertEquals(cycle.task(), path.get(path.size() - 1));
                    for (int i = 0; i + 1 < path.size(); i++) {
                        assertTrue(all.get(path.get(i)).contains(path.get(i + 1)), "edge " + path + " seed " + seed);
                    }
                });
            }
        }

        private boolean reachesItself(String task, Map<String, List<String>> all) {
            java.util.Deque<String> todo = new java.util.ArrayDeque<>(all.get(task));
            Set<String> seen = new java.util.HashSet<>();
            while (!todo.isEmpty()) {
                String next = todo.pop();
                if (next.equals(task)) {
                    return true;
                }
                if (seen.add(next)) {
                    todo.addAll(all.getOrDefault(next, List.of()));
                }
            }
            return false;
        }
    }
}
