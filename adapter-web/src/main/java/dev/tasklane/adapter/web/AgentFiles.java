package dev.tasklane.adapter.web;

/**
 * The two files an agent's plugin expects, filled in for a newly issued token: {@code .stride_auth.md} (the
 * server's address and the token) and a starter {@code .stride.md} (one section per hook). Their text belongs to
 * the HTTP API, whose onboarding document quotes the same templates; bootstrap hands them to the web interface, so
 * that neither adapter depends on the other.
 */
@FunctionalInterface
public interface AgentFiles {
    /** The files for {@code token} on the server at {@code baseUrl}. */
    Files forToken(String baseUrl, String token);

    record Files(String strideAuthMd, String strideMd) {
    }
}
