package dev.tasklane.adapter.http.pipeline;

import dev.tasklane.domain.identity.Scope;
import io.javalin.http.HandlerType;

/**
 * One registered endpoint: what the router serves and what the OpenAPI document describes, from the same
 * record so the two cannot drift apart. {@code scope} is the authority the route takes (docs/security.md), null for
 * an open route that needs no credential. The declaration is what the OpenAPI document, docs/api.md's access table and
 * the route-by-credential test read; the use cases enforce it, through the domain's access policy, once per use case.
 *
 * <p>{@code accessBeforeFields}: Stride's order of errors refuses a caller without the scope before it judges the
 * body's fields (after the body is read as a JSON object and its root keys are checked). A route marked so
 * ({@link #refusingBeforeFields()}) has its {@link Call} apply the policy at that point ({@link Call#fieldsFollow});
 * the marks in the route tables are the one place that says which routes do.
 */
public record Route(HandlerType method, String path, String summary, Scope scope, Handler handler,
                    boolean accessBeforeFields) {

    @FunctionalInterface
    public interface Handler {
        void handle(Call call) throws Exception;
    }

    public boolean authenticated() {
        return scope != null;
    }

    /** The scope {@link Call#fieldsFollow} checks before the body's fields are judged; null when the use case checks. */
    public Scope scopeBeforeFields() {
        return accessBeforeFields ? scope : null;
    }

    public static Route open(HandlerType method, String path, String summary, Handler handler) {
        return new Route(method, path, summary, null, handler, false);
    }

    /** A route that takes a credential holding {@code scope}. */
    public static Route needs(Scope scope, HandlerType method, String path, String summary, Handler handler) {
        if (scope == null) {
            throw new IllegalArgumentException("an authenticated route declares the scope it needs");
        }
        return new Route(method, path, summary, scope, handler, false);
    }

    /** This route, refusing a caller without its scope before the body's fields are judged (Stride's order). */
    public Route refusingBeforeFields() {
        if (scope == null) {
            throw new IllegalStateException("an open route has no access to check: " + method + " " + path);
        }
        return new Route(method, path, summary, scope, handler, true);
    }
}
