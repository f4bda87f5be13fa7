package dev.tasklane.examples;

import dev.tasklane.adapter.jdbi.Database;
import dev.tasklane.adapter.jdbi.JdbiStores;
import dev.tasklane.application.port.in.CreateTask;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.application.port.in.NewTask;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;

import java.nio.file.Path;

/**
 * Tasklane embedded over the durable JDBI stores: the same use cases as over the in-memory store, with the
 * board kept in an H2 file (or a PostgreSQL database) across restarts of the embedding program.
 * docs/embedding.md quotes this class.
 */
public final class DurableTasklaneExample implements AutoCloseable {
    private final JdbiStores stores;
    private final Tasklane tasklane;
    private final Actor admin;

    /** Opens (creating and migrating on first use) the H2 file in {@code directory}. */
    public DurableTasklaneExample(Path directory, String adminToken) {
        this(Database.h2File(directory), adminToken);
    }

    /** Any database: {@code Database.postgres("jdbc:postgresql://localhost:5432/tasklane", user, password)}. */
    public DurableTasklaneExample(Database database, String adminToken) {
        stores = JdbiStores.open(database);                       // pool, then Flyway migrations
        tasklane = Tasklane.builder()
                .stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events())
                .storeName(database.kind().code())
                .build();
        tasklane.identity().bootstrap(adminToken);                 // only acts on an empty database
        admin = tasklane.identity().authenticate(adminToken, null);
    }

    public TaskView addTask(String title) {
        NewTask task = NewTask.of(TaskSpec.of(title, TaskType.WORK, Priority.MEDIUM));
        return tasklane.create().create(admin, new CreateTask(task, "planner")).root();
    }

    public TaskView read(String identifier) {
        return tasklane.reads().get(admin, TaskRef.parse(identifier));
    }

    @Override
    public void close() {
        stores.close();                                            // closes the pool; H2 writes its file
    }
}
