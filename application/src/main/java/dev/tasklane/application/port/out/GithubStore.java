package dev.tasklane.application.port.out;

import dev.tasklane.domain.github.GithubConnection;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;

import java.time.Instant;
import java.util.Optional;

/**
 * Where a board's GitHub connection, the issues' tasks and the deliveries already taken are kept; every method runs
 * inside the caller's transaction.
 */
public interface GithubStore {
    Optional<GithubConnection> connection(BoardId boardId);

    /** Sets the board's connection, replacing the one it had. */
    void connect(GithubConnection connection);

    Optional<IssueLink> link(BoardId boardId, String repository, long number);

    /** The issue a task was made from, if any. */
    Optional<IssueLink> linkOfTask(TaskId taskId);

    void saveLink(IssueLink link);

    /**
     * Records a delivery id for the board: true the first time, false when it was taken already (a conditional
     * insert, so of two servers taking the same delivery at once one gets true). Ids older than {@code forgetBefore}
     * are forgotten.
     */
    boolean firstDelivery(BoardId boardId, String deliveryId, Instant at, Instant forgetBefore);

    /** An issue and the task made from it; {@code htmlUrl} is the issue's page, answered as the task's external_url. */
    record IssueLink(BoardId boardId, String repository, long number, TaskId taskId, String htmlUrl) {
    }
}
