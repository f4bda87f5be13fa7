package dev.tasklane.domain.dependency;

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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DependencyGraphTest {
    @Nested
    class IndexResolution {
        private final List<String> siblings = List.of("W10", "W11", "W12");

        @Test
        void inRangeIndicesBecomeSiblingIdentifiers() {
            assertEquals(Optional.of(List.of("W10", "W12")), DependencyGraph.resolveIndices(List.of(0, 2), siblings));
            assertEquals(Optional.of(List.of("W11")), DependencyGraph.resolveIndices(List.of(1L), siblings));
        }

        @Test
        void stringsPassThroughAndMixWithIndices() {
            assertEquals(Optional.of(List.of("W10", "W23", "W12")),
                    DependencyGraph.resolveIndices(Arrays.asList(0, "W23", 2), siblings));
        }

        @Test
        void anEmptyListResolvesToEmpty() {
            assertEquals(Optional.of(List.of()), DependencyGraph.resolveIndices(List.of(), siblings));
        }

        @Test
        void outOfRangeNegativeFractionalAndOtherEntriesAreRefused() {
            assertEquals(Optional.empty(), DependencyGraph.resolveIndices(List.of(3), siblings));
            assertEquals(Optional.empty(), DependencyGraph.resolveIndices(List.of(0, 3), siblings));
            assertEquals(Optional.empty(), DependencyGraph.resolveIndices(List.of(-1), siblings));
            assertEquals(Optional.empty(), DependencyGraph.resolveIndices(List.of(1.5), siblings));
            assertEquals(Optional.empty(), DependencyGraph.resolveIndices(List.of(true), siblings));
            assertEquals(Optional.empty(), DependencyGraph.resolveIndices(Arrays.asList("W1", null), siblings));
            assertEquals(Optional.empty(), DependencyGraph.resolveIndices(List.of(0), List.of()));
            assertEquals(Optional.empty(), DependencyGraph.resolveIndices(List.of(Long.MAX_VALUE), siblings));
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
}
