/**
 * The audit log's entries: who did what, on which board and object, when, from where, and whether it was done or
 * refused (docs/api.md, "Audit log").
 */
package dev.tasklane.domain.audit;
