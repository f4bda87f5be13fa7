package dev.tasklane.adapter.http;

import dev.tasklane.application.port.in.UseCases;
import io.javalin.http.HandlerType;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The unauthenticated endpoints: the onboarding document and the health check. */
final class SystemRoutes {
    private final UseCases useCases;
    private final HttpSettings settings;

    SystemRoutes(UseCases useCases, HttpSettings settings) {
        this.useCases = useCases;
        this.settings = settings;
    }

    List<Route> routes() {
        return List.of(
                Route.open(HandlerType.GET, "/api/agent/onboarding", "The onboarding document: workflow, field schemas, hook metadata", this::onboarding),
                Route.open(HandlerType.GET, "/health", "Whether the server and its store answer", this::health));
    }

    private void onboarding(Call call) {
        call.ok(useCases.onboarding().onboarding(settings.baseUrl()));
    }

    private void health(Call call) {
        UseCases.Health health = useCases.health();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", health.storeReachable() ? "ok" : "unavailable");
        body.put("store", health.store());
        call.respond(health.storeReachable() ? 200 : 503, body);
    }
}
