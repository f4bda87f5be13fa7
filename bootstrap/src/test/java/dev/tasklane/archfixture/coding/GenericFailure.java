package dev.tasklane.archfixture.coding;

/** Breaks noGenericExceptions: throws a bare RuntimeException with a string for the caller to parse. */
public final class GenericFailure {
    private GenericFailure() {
    }

    public static void fail(String why) {
        throw new RuntimeException(why);
    }
}
