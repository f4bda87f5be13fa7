/**
 * The benchmarks ({@code bench/run.sh}): claim throughput, backlog independence, start-up, heap, the worst request
 * bodies, the web board load, the simulation and JMH, written to bench/results.json and docs/benchmarks.md. Outside
 * the production graph (docs/benchmarks.md).
 */
package dev.tasklane.bench;
