/**
 * Flow metrics: throughput, cycle, lead, review and backlog wait, rework, work in progress, cumulative flow and
 * the per-agent figures, as pure functions over task histories (docs/rules.md, "Flow metrics"). The input is
 * the domain's own ({@link dev.tasklane.domain.flow.TaskTimeline}, {@link dev.tasklane.domain.flow.FlowInput}),
 * never a store's, so that the server's stores and the simulator's event log feed the same definitions.
 */
package dev.tasklane.domain.flow;
