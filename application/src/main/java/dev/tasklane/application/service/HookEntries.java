package dev.tasklane.application.service;

import dev.tasklane.application.port.in.HookEntry;
import dev.tasklane.application.port.out.BoardStore;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.workflow.WorkflowLimits;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds the hook metadata handed to agents, with the environment of docs/api.md ("Task renders", hook entry). */
final class HookEntries {
    static final String UNKNOWN_AGENT = "Unknown";
    /** The task's variables of a hook environment, TASK_ID to AGENT_NAME (docs/agent-client.md, "Environment"). */
    private static final int TASK_VARIABLES = 13;

    private final BoardStore directory;
    private final WorkflowLimits limits;

    /**
     * The agent a completion or a mark_reviewed is attributed to: the name sent, else the agent of the task's claim,
     * else the agent its completion names, else {@value #UNKNOWN_AGENT} (docs/api.md, "Differences from Stride").
     */
    static String agentOf(String sent, Task task) {
        if (named(sent)) {
            return sent;
        }
        if (task.claim() != null && named(task.claim().agentName())) {
            return task.claim().agentName();
        }
        if (task.completion() != null && named(task.completion().completedByAgent())) {
            return task.completion().completedByAgent();
        }
        return UNKNOWN_AGENT;
    }

    private static boolean named(String agentName) {
        return agentName != null && !agentName.isBlank() && !UNKNOWN_AGENT.equals(agentName);
    }

    HookEntries(BoardStore directory, WorkflowLimits limits) {
        this.directory = directory;
        this.limits = limits;
    }

    /** The entry for {@code hook}, with the environment built from {@code task} after its transition. */
    HookEntry entry(HookName hook, Task task, String agentName) {
        return entries(List.of(hook), task, agentName).get(0);
    }

    /**
     * Entries for several hooks of one transition, reading the board once: their environments share every variable
     * but the last, HOOK_NAME, so those are built once.
     */
    List<HookEntry> entries(List<HookName> hooks, Task task, String agentName) {
        Board board = directory.boardById(task.boardId()).orElse(null);
        HookEntry.Env shared = taskEnv(task, board, agentName);
        HookEntry[] entries = new HookEntry[hooks.size()];
        for (int i = 0; i < entries.length; i++) {
            HookName hook = hooks.get(i);
            entries[i] = new HookEntry(hook, shared.with("HOOK_NAME", hook.code()), limits.hookTimeout(hook).toMillis(),
                    hook.blocking());
        }
        return List.of(entries);
    }

    /** The task's variables of a hook environment, all but HOOK_NAME, which follows them. */
    private static HookEntry.Env taskEnv(Task task, Board board, String agentName) {
        Long columnId = board == null ? null : board.columnId(task.status());
        return HookEntry.Env.builder(TASK_VARIABLES)
            .put("TASK_ID", task.id().toString())
            .put("TASK_IDENTIFIER", task.identifier().toString())
            .put("TASK_TITLE", task.spec().title())
            .put("TASK_DESCRIPTION", orEmpty(task.spec().description()))
            .put("TASK_STATUS", task.status().code())
            .put("TASK_COMPLEXITY", task.spec().complexity().code())
            .put("TASK_PRIORITY", task.spec().priority().code())
            .put("TASK_NEEDS_REVIEW", Boolean.toString(task.spec().needsReview()))
            .put("BOARD_ID", task.boardId().toString())
            .put("BOARD_NAME", board == null ? "" : board.name())
            .put("COLUMN_ID", columnId == null ? "" : columnId.toString())
            .put("COLUMN_NAME", task.status().columnName())
            .put("AGENT_NAME", agentName == null || agentName.isBlank() ? UNKNOWN_AGENT : agentName)
            .build();
    }

    /** The environment of an armed goal, for the after_goal status lookup. */
    Map<String, String> goalEnv(Task goal) {
        Board board = directory.boardById(goal.boardId()).orElse(null);
        Map<String, String> env = new LinkedHashMap<>();
        env.put("GOAL_ID", goal.id().toString());
        env.put("GOAL_IDENTIFIER", goal.identifier().toString());
        env.put("GOAL_TITLE", goal.spec().title());
        env.put("GOAL_DESCRIPTION", orEmpty(goal.spec().description()));
        env.put("BOARD_ID", goal.boardId().toString());
        env.put("BOARD_NAME", board == null ? "" : board.name());
        env.put("HOOK_NAME", HookName.AFTER_GOAL.code());
        return env;
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value;
    }
}
