package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.GithubContract;

/** The contract GithubContract against the in-memory stores. */
final class InMemoryGithubTest extends GithubContract {
    @Override
    protected Stores newStores() {
        InMemoryStores stores = InMemoryStores.create();
        return new Stores(new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events()),
                stores.github(), stores.audit());
    }
}
