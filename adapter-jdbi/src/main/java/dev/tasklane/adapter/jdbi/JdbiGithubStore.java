package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.GithubStore;
import dev.tasklane.domain.github.GithubConnection;
import dev.tasklane.domain.github.LabelTable;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import org.jdbi.v3.core.argument.Argument;
import org.jdbi.v3.core.statement.StatementContext;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;

/**
 * A board's GitHub connection, its issues' tasks and the deliveries taken, in {@code github_connections},
 * {@code github_issue_tasks} and {@code github_deliveries} (migration V101), in the caller's transaction. A delivery
 * id is taken by one conditional insert ({@code ON CONFLICT DO NOTHING}): of two servers taking it at once, the
 * second finds one row already there and answers false.
 */
final class JdbiGithubStore implements GithubStore {
    private static final String LINKS = "SELECT board_id, repository, issue_number, task_id, html_url "
            + "FROM github_issue_tasks WHERE ";

    private final JdbiTransactions transactions;

    JdbiGithubStore(JdbiTransactions transactions) {
        this.transactions = transactions;
    }

    @Override
    public Optional<GithubConnection> connection(BoardId boardId) {
        return transactions.withHandle(handle -> handle.createQuery("SELECT board_id, repository, secret, label, "
                        + "label_table, connected_by, connected_at FROM github_connections WHERE board_id = :board")
                .bind("board", boardId.value()).map(JdbiGithubStore::connection).findOne());
    }

    private static GithubConnection connection(ResultSet row, StatementContext context) throws SQLException {
        return new GithubConnection(BoardId.of(row.getLong("board_id")), row.getString("repository"),
                row.getString("secret"), row.getString("label"), LabelTable.ofStored(row.getString("label_table")),
                UserId.of(row.getLong("connected_by")), row.getObject("connected_at", OffsetDateTime.class).toInstant());
    }

    @Override
    public void connect(GithubConnection c) {
        transactions.withHandle(handle -> {
            handle.createUpdate("DELETE FROM github_connections WHERE board_id = :board")
                    .bind("board", c.boardId().value()).execute();
            return handle.createUpdate("INSERT INTO github_connections (board_id, repository, secret, label, "
                            + "label_table, connected_by, connected_at) VALUES (:board, :repository, :secret, :label, "
                            + ":table, :by, :at)")
                    .bind("board", c.boardId().value()).bind("repository", c.repository())
                    .bind("secret", new Secret(c.secret())).bind("label", c.label())
                    .bind("table", c.labels().stored()).bind("by", c.connectedBy().value())
                    .bind("at", TaskRows.timestamp(c.connectedAt())).execute();
        });
    }

    @Override
    public Optional<IssueLink> link(BoardId boardId, String repository, long number) {
        return transactions.withHandle(handle -> handle.createQuery(LINKS
                        + "board_id = :board AND repository = :repository AND issue_number = :number")
                .bind("board", boardId.value()).bind("repository", repository).bind("number", number)
                .map(JdbiGithubStore::link).findOne());
    }

    @Override
    public Optional<IssueLink> linkOfTask(TaskId taskId) {
        return transactions.withHandle(handle -> handle.createQuery(LINKS + "task_id = :task")
                .bind("task", taskId.value()).map(JdbiGithubStore::link).findFirst());
    }

    private static IssueLink link(ResultSet row, StatementContext context) throws SQLException {
        return new IssueLink(BoardId.of(row.getLong("board_id")), row.getString("repository"),
                row.getLong("issue_number"), TaskId.of(row.getLong("task_id")), row.getString("html_url"));
    }

    @Override
    public void saveLink(IssueLink link) {
        transactions.withHandle(handle -> {
            int changed = handle.createUpdate("UPDATE github_issue_tasks SET task_id = :task, html_url = :url "
                            + "WHERE board_id = :board AND repository = :repository AND issue_number = :number")
                    .bind("task", link.taskId().value()).bind("url", link.htmlUrl()).bind("board", link.boardId().value())
                    .bind("repository", link.repository()).bind("number", link.number()).execute();
            if (changed == 0) {
                handle.createUpdate("INSERT INTO github_issue_tasks (board_id, repository, issue_number, task_id, "
                                + "html_url) VALUES (:board, :repository, :number, :task, :url)")
                        .bind("task", link.taskId().value()).bind("url", link.htmlUrl())
                        .bind("board", link.boardId().value()).bind("repository", link.repository())
                        .bind("number", link.number()).execute();
            }
            return null;
        });
    }

    @Override
    public boolean firstDelivery(BoardId boardId, String deliveryId, Instant at, Instant forgetBefore) {
        return transactions.withHandle(handle -> {
            handle.createUpdate("DELETE FROM github_deliveries WHERE received_at < :before")
                    .bind("before", TaskRows.timestamp(forgetBefore)).execute();
            return handle.createUpdate("INSERT INTO github_deliveries (board_id, delivery_id, received_at) "
                            + "VALUES (:board, :id, :at) ON CONFLICT DO NOTHING")
                    .bind("board", boardId.value()).bind("id", deliveryId).bind("at", TaskRows.timestamp(at))
                    .execute() == 1;
        });
    }

    /** A connection's secret as a statement parameter that never shows it. */
    record Secret(String value) implements Argument {
        @Override
        public void apply(int position, PreparedStatement statement, StatementContext context) throws SQLException {
            statement.setString(position, value);
        }

        @Override
        public String toString() {
            return "[redacted]";
        }
    }
}
