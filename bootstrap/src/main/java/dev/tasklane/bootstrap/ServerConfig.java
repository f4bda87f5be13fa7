package dev.tasklane.bootstrap;

/**
 * The server's resolved configuration (docs/configuration.md): every value came from a flag, else the
 * {@code TASKLANE_*} variable of the same name, else the default. One part per concern, so that a new setting
 * is added to the part it belongs to (and to {@link ConfigResolver}'s method for that part), never here.
 *
 * @param http     the port, the public base URL and the trusted proxy header
 * @param store    which store, and where its data lives
 * @param access   the bootstrap token and who may create boards
 * @param workflow completion checks, the claim lease and the after_goal grace window
 * @param outages  database timeouts, Retry-After, Idempotency-Key retention and lease
 * @param web      the web interface: session lifetime, failed sign-in limits
 * @param events   the live events' retention, keep-alive, caps and the shutdown timeout
 */
public record ServerConfig(HttpConfig http, StoreConfig store, AccessConfig access, WorkflowConfig workflow,
                           OutageSettings outages, WebConfig web, EventConfig events) {
}
