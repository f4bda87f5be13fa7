/**
 * The answers of the HTTP API as typed records that the adapter's one Jackson mapper writes (docs/api.md, "Task
 * renders"): snake_case names, keys in the order Stride writes them, every documented key present (null when
 * absent) unless a record says otherwise. Each record has a factory from the application's views; the OpenAPI
 * document's answer schemas are generated from the same records.
 */
package dev.tasklane.adapter.http.wire;
