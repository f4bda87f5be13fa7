package dev.tasklane.archfixture.adapter.http.routes;

/** A helper that two route classes share: allowed. */
public final class CardViews {
    private CardViews() {
    }

    public static String title(String title) {
        return title.strip();
    }
}
