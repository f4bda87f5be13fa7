package dev.tasklane.application.port.in;

/**
 * Where the request being served came from: the client's address as the driving adapter believes it (the HTTP API
 * and the web interface read it through the edge module's {@code TrustedProxy}), for the audit log. The
 * adapter sets it on the thread that serves the request before any use case runs and clears it after; a use case
 * called outside a request (an embedding program, the sweeper) finds none.
 *
 * <p>It is a thread's value, not a parameter of every use case: the address belongs to the request rather than to
 * the act, and only the audit log reads it, so the use cases' signatures stay as they are.
 */
public final class RequestOrigin {
    private static final ThreadLocal<String> ADDRESS = new ThreadLocal<>();

    private RequestOrigin() {
    }

    /** The request's client address from now on, on this thread; null clears it. */
    public static void set(String clientAddress) {
        if (clientAddress == null) {
            ADDRESS.remove();
        } else {
            ADDRESS.set(clientAddress);
        }
    }

    public static void clear() {
        ADDRESS.remove();
    }

    /** The client address of the request this thread serves; null outside a request. */
    public static String clientAddress() {
        return ADDRESS.get();
    }
}
