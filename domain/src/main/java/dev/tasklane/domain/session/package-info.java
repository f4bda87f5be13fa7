/**
 * Agent sessions: what an agent holding a claim is doing now, what it asks, and a person's stop. A session opens with
 * every claim and ends with it; the holder posts {@link dev.tasklane.domain.session.Activity activities} to it, a person
 * with authority over the board answers, instructs or stops it. Pure Java: the state machine
 * ({@link dev.tasklane.domain.session.AgentSession}), the kinds of activity and who may post each, the caps
 * ({@link dev.tasklane.domain.session.SessionLimits}) and the stop rules ({@link dev.tasklane.domain.session.SessionRules}).
 */
package dev.tasklane.domain.session;
