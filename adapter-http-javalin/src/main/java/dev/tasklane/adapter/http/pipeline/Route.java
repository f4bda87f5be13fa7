package dev.tasklane.adapter.http.pipeline;

import dev.tasklane.domain.identity.Scope;
import io.javalin.http.HandlerType;

/**
 * One registered endpoint: what the router serves and what the OpenAPI document describes, from the same
 * record so the two cannot drift apart. {@code scope} is the authority the route takes (docs/security.md), null for
 * an open route that needs no credential. The declaration is what the OpenAPI document, docs/api.md's access table and
 * the route-by-credential test read; the use cases enforce it, through the domain's access policy.
 */
public record Route(HandlerType method, String path, String summary, Scope scope, Handler handler) {

    @FunctionalInterface
    public interface Handler {
        void handle(Call call) throws Exception;
    }

    public boolean authenticated() {
        return scope != null;
    }

    public static Route open(HandlerType method, String path, String summary, Handler handler) {
        return new Route(method, path, summary, null, handler);
    }

    /** A route that takes a credential holding {@code scope}. */
    public static Route needs(Scope scope, HandlerType method, String path, String summary, Handler handler) {
        if (scope == null) {
            throw new IllegalArgumentException("an authenticated route declares the scope it needs");
        }
        return new Route(method, path, summary, scope, handler);
    }
}
