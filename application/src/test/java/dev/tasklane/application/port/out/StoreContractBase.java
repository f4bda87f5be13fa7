package dev.tasklane.application.port.out;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.testing.Tasks;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Task;
import org.junit.jupiter.api.BeforeEach;

/**
 * What the task store contracts share: fresh stores before each test, one board and one user, and an insert in its
 * own transaction. A store adapter runs a contract by extending it with only {@link #newStores()}.
 */
public abstract class StoreContractBase {
    protected static final BoardId BOARD = BoardId.of(1);
    protected static final UserId ME = UserId.of(10);

    protected StoreSet stores;
    protected TaskStore store;

    /** Fresh, empty stores sharing one transaction manager. */
    protected abstract StoreSet newStores();

    @BeforeEach
    void createStores() {
        stores = newStores();
        store = stores.tasks();
    }

    protected Task insert(Tasks.Builder builder) {
        return stores.tx(() -> store.insert(builder.build()));
    }
}
