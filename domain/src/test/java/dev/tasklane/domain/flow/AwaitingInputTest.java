package dev.tasklane.domain.flow;

import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The awaiting-input figure: summed per task over its sessions, percentiles as review wait's, agents by total. */
class AwaitingInputTest {
    private static final FlowAgent ADA = new FlowAgent(UserId.of(1), "claude-1");
    private static final FlowAgent BO = new FlowAgent(UserId.of(2), "codex");

    private static AwaitingInput.Awaited awaited(long task, FlowAgent agent, long minutes) {
        return new AwaitingInput.Awaited(TaskId.of(task), agent, Duration.ofMinutes(minutes).toMillis());
    }

    @Test
    void aTasksSessionsAreSummedAndTasksThatNeverAwaitedAreNotCounted() {
        AwaitingInput figure = AwaitingInput.of(List.of(awaited(1, ADA, 10), awaited(1, ADA, 5), awaited(2, ADA, 0),
                awaited(3, BO, 40), awaited(4, BO, 2)), List.of(awaited(9, ADA, 7)));
        assertEquals(3, figure.perTask().count(), "tasks 1 (15 min), 3 and 4; task 2 never awaited");
        assertEquals(Duration.ofMinutes(15), figure.perTask().p50(), "nearest rank of 2, 15, 40");
        assertEquals(Duration.ofMinutes(40), figure.perTask().p95());
        assertEquals(Duration.ofMinutes(7), figure.perTask().previousP50());
        assertEquals(List.of(BO, ADA), figure.agents().stream().map(AwaitingInput.AgentAwaited::agent).toList(),
                "the longest total first");
        assertEquals(Duration.ofMinutes(42), figure.agents().get(0).total());
        assertEquals(2, figure.agents().get(0).tasks());
        assertEquals(Duration.ofMinutes(15), figure.agents().get(1).total());
    }

    @Test
    void noSessionNoFigure() {
        AwaitingInput none = AwaitingInput.of(List.of(), List.of());
        assertEquals(0, none.perTask().count());
        assertNull(none.perTask().p50());
        assertEquals(List.of(), none.agents());
    }
}
