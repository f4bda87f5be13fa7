package dev.tasklane.archfixture.adapter.http.routes;

/** A route class that uses only the shared helper {@link CardViews}: allowed. */
public final class ShelfRoutes {
    public String name() {
        return CardViews.title("shelf");
    }
}
