package dev.tasklane.archfixture.domain.agent;

/** Fixture: the access policy, whose scope checks scopeIsCheckedOncePerUseCase keeps to one caller per use case. */
public final class BoardAccess {
    private BoardAccess() {
    }

    public static void requireWrite(String actor) {
        if (actor == null) {
            throw new IllegalStateException("no write access");
        }
    }

    /** A rule about the caller against a card, which the rule leaves to the step that needs it. */
    public static boolean completedBy(String actor, String card) {
        return actor.equals(card);
    }
}
