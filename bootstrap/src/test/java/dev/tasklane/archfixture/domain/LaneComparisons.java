package dev.tasklane.archfixture.domain;

/**
 * Breaks idsAreComparedByValue twice: {@link #sameTopByReference} compares the ids two accessors return with ==,
 * {@link #sameByReference} two local ids with !=. {@link #sameTop} (equals) and {@link #sameName} (== on strings)
 * must not be reported.
 */
public final class LaneComparisons {
    private LaneComparisons() {
    }

    public static boolean sameTopByReference(Lane a, Lane b) {
        return a.top() == b.top();
    }

    public static boolean sameByReference(CardId a, CardId b) {
        return a != b;
    }

    public static boolean sameTop(Lane a, Lane b) {
        return a.top().equals(b.top());
    }

    @SuppressWarnings("StringEquality")
    public static boolean sameName(String a, String b) {
        return a == b;
    }
}
