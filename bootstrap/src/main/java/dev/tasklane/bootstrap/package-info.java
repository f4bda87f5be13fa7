/**
 * Start-up: the command line and {@code TASKLANE_*} settings, the choice and wiring of the store and the adapters,
 * the server's life cycle. The only module that knows every other (docs/configuration.md, docs/architecture.md).
 */
package dev.tasklane.bootstrap;
