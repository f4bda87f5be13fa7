package dev.tasklane.application.port.in;

import dev.tasklane.domain.goal.AfterGoalReport;
import dev.tasklane.domain.agent.Actor;

import java.util.Map;

/** The after_goal lifecycle: the agent's report and the armed-goal lookup clients use as a fallback. */
public interface AfterGoalUseCase {
    TaskView report(Actor actor, TaskRef goal, AfterGoalReport report);

    AfterGoalStatus status(Actor actor, TaskRef ref);

    /** {@code goal} is null when no goal is armed for the task. */
    record AfterGoalStatus(TaskView goal, Map<String, String> env) {
        public boolean armed() {
            return goal != null;
        }
    }
}
