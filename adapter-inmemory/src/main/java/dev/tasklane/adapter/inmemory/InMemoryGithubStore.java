package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.GithubStore;
import dev.tasklane.domain.github.GithubConnection;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** A board's GitHub connection, its issues' tasks and the deliveries taken, in memory, journaled like every write. */
public final class InMemoryGithubStore implements GithubStore {
    private final InMemoryTransactions transactions;
    private final Map<BoardId, GithubConnection> connections = new HashMap<>();
    private final Map<String, IssueLink> links = new HashMap<>();
    private final Map<String, Instant> deliveries = new HashMap<>();

    public InMemoryGithubStore(InMemoryTransactions transactions) {
        this.transactions = Objects.requireNonNull(transactions, "transactions");
    }

    private static String key(BoardId board, String repository, long number) {
        return board.value() + "/" + repository + "#" + number;
    }

    @Override
    public Optional<GithubConnection> connection(BoardId boardId) {
        return transactions.inTransaction(() -> Optional.ofNullable(connections.get(boardId)));
    }

    @Override
    public void connect(GithubConnection connection) {
        transactions.inTransaction(() -> {
            GithubConnection before = connections.put(connection.boardId(), connection);
            transactions.onRollback(() -> {
                if (before == null) {
                    connections.remove(connection.boardId());
                } else {
                    connections.put(connection.boardId(), before);
                }
            });
            return null;
        });
    }

    @Override
    public Optional<IssueLink> link(BoardId boardId, String repository, long number) {
        return transactions.inTransaction(() -> Optional.ofNullable(links.get(key(boardId, repository, number))));
    }

    @Override
    public Optional<IssueLink> linkOfTask(TaskId taskId) {
        return transactions.inTransaction(() -> links.values().stream().filter(l -> l.taskId().equals(taskId))
                .findFirst());
    }

    @Override
    public void saveLink(IssueLink link) {
        transactions.inTransaction(() -> {
            String key = key(link.boardId(), link.repository(), link.number());
            IssueLink before = links.put(key, link);
            transactions.onRollback(() -> {
                if (before == null) {
                    links.remove(key);
                } else {
                    links.put(key, before);
                }
            });
            return null;
        });
    }

    @Override
    public boolean firstDelivery(BoardId boardId, String deliveryId, Instant at, Instant forgetBefore) {
        return transactions.inTransaction(() -> {
            deliveries.values().removeIf(received -> received.isBefore(forgetBefore));
            String key = boardId.value() + "/" + deliveryId;
            if (deliveries.containsKey(key)) {
                return false;
            }
            deliveries.put(key, at);
            transactions.onRollback(() -> deliveries.remove(key));
            return true;
        });
    }
}
