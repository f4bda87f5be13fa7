/**
 * Each resource's routes (tasks, workflow, boards, archive, comments, positions, metrics, identity, system), the
 * OpenAPI operation table next to them ({@code OpenApi}), and what only routes use: the task views they answer with,
 * their query parameters and the readers of the completion, reviewer-result, changed-files and hook-proof bodies.
 */
package dev.tasklane.adapter.http.routes;
