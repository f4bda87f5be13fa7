package dev.tasklane.simulator;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.port.out.TaskStore;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.selection.KeyFileHolder;
import dev.tasklane.domain.task.Claim;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The invariant checks must be able to fail: the simulator runs over in-memory stores with one rule broken on
 * purpose, and the report names the invariant that the broken rule guarded.
 */
class BrokenStoreTest {
    private static final SimulationConfig FOUR_AGENTS = new SimulationConfig(4, 1, 7, 0, 0, 0);

    /** Never reports a key file as taken, so tasks sharing a file run side by side. */
    private static final class KeyFileBlindStore extends ForwardingTaskStore {
        KeyFileBlindStore(TaskStore delegate) {
            super(delegate);
        }

        @Override
        public Optional<KeyFileHolder> keyFileHolder(BoardId boardId, String filePath, TaskId exceptTaskId) {
            return Optional.empty();
        }
    }

    /** Stores every claim with a one-second lease (a unit mix-up), so claims are taken over while still worked on. */
    private static final class LeaseShorteningStore extends ForwardingTaskStore {
        LeaseShorteningStore(TaskStore delegate) {
            super(delegate);
        }

        @Override
        public Task update(Task task) {
            Claim claim = task.claim();
            if (task.status() != Status.IN_PROGRESS || claim == null) {
                return super.update(task);
            }
            Claim shortened = new Claim(claim.agentName(), claim.claimedAt(), claim.claimedAt().plus(Duration.ofSeconds(1)),
                    claim.claimToken(), claim.assigneeBeforeClaim());
            return super.update(task.withClaim(task.status(), task.assignedToId(), shortened, task.updatedAt()));
        }
    }

    private static SimulationResult simulate(UnaryOperator<TaskStore> breakIt, Plan plan) throws InterruptedException {
        InMemoryStores stores = InMemoryStores.create();
        return new Simulation(breakIt.apply(stores.tasks()), stores.directory(), stores.transactions())
                .run(FOUR_AGENTS, plan, ProgressBar.off());
    }

    private static InvariantResult named(SimulationResult result, String name) {
        return result.invariants().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
    }

    /** One goal of {@code size} independent tasks that all touch {@code keyFile} (none when null). */
    private static Plan oneGoal(int size, String keyFile) {
        List<Map<String, Object>> tasks = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            tasks.add(Map.of("title", "Task " + i, "type", "work", "priority", "medium",
                    "key_files", keyFile == null ? List.of() : List.of(Map.of("file_path", keyFile, "position", 0))));
        }
        return new Plan(List.of(Map.of("type", "goal", "title", "Goal", "priority", "high", "tasks", tasks)), Map.of());
    }

    @Test
    void theSameStoreUnbrokenPassesEveryInvariant() throws InterruptedException {
        SimulationResult result = simulate(UnaryOperator.identity(), oneGoal(12, "src/Shared.java"));
        assertEquals(true, result.passed(), ReportFormatter.text(result));
    }

    @Test
    void aStoreBlindToKeyFilesFailsKeyFilesExclusive() throws InterruptedException {
        SimulationResult result = simulate(KeyFileBlindStore::new, oneGoal(12, "src/Shared.java"));
        assertFalse(named(result, InvariantChecker.KEY_FILES_EXCLUSIVE).passed(), ReportFormatter.text(result));
        assertEquals(true, named(result, InvariantChecker.SINGLE_HOLDER).passed());
        assertFalse(result.passed());
    }

    @Test
    void aStoreThatCutsLeasesShortFailsSingleHolder() throws InterruptedException {
        SimulationResult result = simulate(LeaseShorteningStore::new, oneGoal(40, null));
        assertFalse(named(result, InvariantChecker.SINGLE_HOLDER).passed(), ReportFormatter.text(result));
        assertFalse(result.passed());
    }
}
