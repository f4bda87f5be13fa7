package dev.tasklane.simulator;

import dev.tasklane.application.port.in.UseCases;
import dev.tasklane.domain.workflow.WorkflowLimits;

/** What every participant of a running simulation shares. */
record Stage(UseCases app, SimulatedClock clock, StepScheduler scheduler, EventLog log, Metrics metrics,
             SimulationConfig config, WorkflowLimits limits, ReviewDesk desk) {
}
