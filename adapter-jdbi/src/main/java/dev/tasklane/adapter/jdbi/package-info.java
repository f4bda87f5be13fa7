/**
 * The SQL store on JDBI: PostgreSQL and H2 behind the outbound ports, Flyway migrations, the connection pool, and
 * the one translation of database failures (a collision, an unreachable database) into the application's
 * exceptions (docs/architecture.md, docs/operations.md).
 */
package dev.tasklane.adapter.jdbi;
