package dev.tasklane.simulator;

import dev.tasklane.application.port.in.UseCases;
import dev.tasklane.domain.workflow.WorkflowLimits;

import java.util.Map;

/**
 * What every participant of a running simulation shares.
 *
 * @param abandonments how many times each task's claim has been abandoned so far (the round of its next
 *                     {@link Draws.Purpose#ABANDON} draw)
 */
record Stage(UseCases app, SimulatedClock clock, StepScheduler scheduler, EventLog log, Metrics metrics,
             SimulationConfig config, WorkflowLimits limits, ReviewDesk desk, Draws draws, Map<String, Integer> abandonments) {
}
