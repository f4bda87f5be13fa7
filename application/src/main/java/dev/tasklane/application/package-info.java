/**
 * The application module: the use cases (inbound ports, {@code port.in}), what they need from the outside
 * (outbound ports, {@code port.out}: stores, transactions, events), the services implementing them
 * ({@code service}). Depends on the domain only, and reads no JSON: a body's shape is the edge module's
 * (docs/architecture.md).
 */
package dev.tasklane.application;
