/**
 * What the driving adapters (the HTTP API, the web interface) and the stores share at the edge, written once so that
 * they cannot drift apart: the JSON names of the task fields ({@link dev.tasklane.edge.TaskField}), of the
 * completion's parts and of a history entry's facts ({@link dev.tasklane.edge.DocumentKeys},
 * {@link dev.tasklane.edge.ResultEnvelope}); how a task body (a plain tree of maps, lists and strings, from JSON or
 * from a form) is read into the typed create and edit commands with every field error
 * ({@link dev.tasklane.edge.CreateTaskParser}, {@link dev.tasklane.edge.UpdateTaskParser}); who the client is behind
 * a trusted reverse proxy ({@link dev.tasklane.edge.TrustedProxy}); and how live streams are written without a
 * thread each, capped per user and re-checked on a timer ({@link dev.tasklane.edge.LiveStreams}). Plain Java on the
 * application's inbound ports, no JSON library and no web framework: the adapters pass in the trees and header values
 * they read. See docs/configuration.md, "Trusted reverse proxy".
 */
package dev.tasklane.edge;
