package dev.tasklane.application.service;

import dev.tasklane.application.port.out.AgentSessionStore;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.session.Activity;
import dev.tasklane.domain.session.AgentSession;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The agent-session store of a {@link Tasklane} built without one (embedded use, tools): claims open no session, none
 * is found, and posting an activity or stopping answers that no session is working.
 */
final class NoAgentSessions implements AgentSessionStore {
    @Override
    public void open(AgentSession session) {
        // nothing is kept
    }

    @Override
    public void save(AgentSession session) {
        // nothing is kept
    }

    @Override
    public Optional<AgentSession> latestOf(TaskId taskId) {
        return Optional.empty();
    }

    @Override
    public Optional<AgentSession> byClaimToken(TaskId taskId, String claimToken) {
        return Optional.empty();
    }

    @Override
    public List<AgentSession> openOn(BoardId boardId, int limit) {
        return List.of();
    }

    @Override
    public List<AgentSession> endedOn(BoardId boardId, Instant from, Instant to, int limit) {
        return List.of();
    }

    @Override
    public List<AgentSession> stopsDue(Instant stoppedBy, int limit) {
        return List.of();
    }

    @Override
    public Activity append(Activity activity) {
        return activity;
    }

    @Override
    public int dropOldest(long sessionId, int keep) {
        return 0;
    }

    @Override
    public List<Activity> activities(TaskId taskId, long after, int limit) {
        return List.of();
    }

    @Override
    public List<Activity> latestActivities(TaskId taskId, int limit) {
        return List.of();
    }

    @Override
    public int pruneActivities(Instant endedBefore, int limit) {
        return 0;
    }
}
