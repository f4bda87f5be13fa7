/**
 * The application module: the use cases (inbound ports, {@code port.in}), what they need from the outside
 * (outbound ports, {@code port.out}: stores, transactions, events), the services implementing them
 * ({@code service}), and the edge rules the driving adapters share ({@code edge}). Depends on the domain only
 * (docs/architecture.md).
 */
package dev.tasklane.application;
