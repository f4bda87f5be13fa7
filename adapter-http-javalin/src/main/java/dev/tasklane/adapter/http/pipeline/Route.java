package dev.tasklane.adapter.http.pipeline;

import io.javalin.http.HandlerType;

/**
 * One registered endpoint: what the router serves and what the OpenAPI document describes, from the same
 * record so the two cannot drift apart.
 */
public record Route(HandlerType method, String path, String summary, boolean authenticated, Handler handler) {

    @FunctionalInterface
    public interface Handler {
        void handle(Call call) throws Exception;
    }

    public static Route open(HandlerType method, String path, String summary, Handler handler) {
        return new Route(method, path, summary, false, handler);
    }

    public static Route authed(HandlerType method, String path, String summary, Handler handler) {
        return new Route(method, path, summary, true, handler);
    }
}
