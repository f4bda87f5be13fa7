/**
 * The building blocks of the OpenAPI 3.1 document: an operation's description and the request and answer schemas
 * generated from the wire records; the routes package's {@code OpenApi} lists one operation per route with them.
 */
package dev.tasklane.adapter.http.openapi;
