/**
 * The web interface for people: server-rendered jte pages for boards, tasks, tokens and administration, sessions,
 * CSRF and sign-in, reaching the application through its inbound ports only (docs/web.md).
 */
package dev.tasklane.adapter.web;
