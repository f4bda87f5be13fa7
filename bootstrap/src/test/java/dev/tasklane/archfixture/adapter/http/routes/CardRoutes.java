package dev.tasklane.archfixture.adapter.http.routes;

/**
 * Breaks httpAdapterKeepsItsRoles: a route class that holds another route class. Its own nested answer record and
 * the shared helper {@link CardViews} are allowed.
 */
public final class CardRoutes {
    private final ShelfRoutes shelves = new ShelfRoutes();

    /** The route's own answer. */
    public record CardAnswer(String title) {
    }

    public CardAnswer answer(String title) {
        return new CardAnswer(CardViews.title(title) + shelves.name());
    }
}
