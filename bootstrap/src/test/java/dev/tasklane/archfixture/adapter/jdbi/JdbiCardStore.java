package dev.tasklane.archfixture.adapter.jdbi;

import dev.tasklane.archfixture.application.port.out.CardStore;
import dev.tasklane.archfixture.bootstrap.FixtureSettings;
import dev.tasklane.archfixture.domain.Card;

/** Breaks nothingDependsOnBootstrap and jdbiAdapterUsesOnlyItsLibraries: an adapter reading bootstrap's settings. */
public final class JdbiCardStore implements CardStore {
    @Override
    public Card next() {
        return new Card(FixtureSettings.defaultTitle());
    }
}
