package dev.tasklane.simulator;

import dev.tasklane.domain.workflow.WorkflowLimits;

/**
 * What every participant of a running simulation shares.
 *
 * @param board        the board the participants call ({@link UseCaseBoard} or {@link FastBoard})
 * @param plan         the plan's tasks by index, as the board created them
 * @param abandonments how many times each task's claim has been abandoned so far, by index (the round of its next
 *                     {@link Draws.Purpose#ABANDON} draw)
 * @param questions    the agents' open questions, which people answer
 */
record Stage(Board board, PlanOnBoard plan, SimulatedClock clock, StepScheduler scheduler, EventLog log, Metrics metrics,
             SimulationConfig config, WorkflowLimits limits, ReviewDesk desk, Draws draws, int[] abandonments,
             Questions questions) {
}
