package dev.tasklane.application.port.out;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.targets.Target;
import dev.tasklane.domain.targets.TargetId;

import java.util.List;
import java.util.Optional;

/**
 * Delivery targets, in the caller's {@link Transactions} unit of work like the task store. Pinned by
 * {@code TargetStoreContract} in this module's test-jar, which every store runs.
 */
public interface TargetStore {
    /** A store that keeps no targets: the application's default when none is wired. */
    TargetStore NONE = new TargetStore() {
        @Override
        public Target add(Target target) {
            throw new UnsupportedOperationException("this store keeps no targets");
        }

        @Override
        public Target save(Target target) {
            throw new UnsupportedOperationException("this store keeps no targets");
        }

        @Override
        public Optional<Target> byId(BoardId boardId, TargetId id) {
            return Optional.empty();
        }

        @Override
        public List<Target> list(BoardId boardId) {
            return List.of();
        }
    };

    /** Stores a new target; returns it with its id (above every earlier one) at version 1. */
    Target add(Target target);

    /**
     * Stores a target's next version over the one it was read at; returns it at the next version.
     *
     * @throws ConcurrentUpdateException when the stored version is no longer {@code target.version()}
     */
    Target save(Target target);

    /** The board's target with {@code id}; empty for another board's. */
    Optional<Target> byId(BoardId boardId, TargetId id);

    /** Every target of the board, archived ones included, by id. */
    List<Target> list(BoardId boardId);
}
