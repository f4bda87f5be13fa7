package dev.tasklane.adapter.http.routes;

import dev.tasklane.adapter.http.error.ErrorHandlers;
import dev.tasklane.adapter.http.pipeline.Call;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.pipeline.Json;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.adapter.http.wire.HealthView;
import dev.tasklane.adapter.http.onboarding.OnboardingDocument;
import dev.tasklane.application.port.in.StoreUnavailableException;
import dev.tasklane.application.port.in.HealthUseCase;
import dev.tasklane.application.port.in.WorkflowSettings;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.HandlerType;

import java.util.List;

/**
 * The unauthenticated endpoints: the onboarding document, liveness ({@code /health}: the process serves, whatever
 * the store does) and readiness ({@code /health/ready}: the store answers too; 503 with {@code Retry-After} while
 * it does not, so that a load balancer sends traffic elsewhere until it is back).
 */
public final class SystemRoutes {
    private final HealthUseCase healthCheck;
    private final HttpSettings settings;
    private final ErrorHandlers errors;
    private final OnboardingDocument onboarding;
    /**
     * The onboarding document, made on its first request and answered from then on: it depends on the server's
     * settings only (base URL, limits, completion mode), and generating its JSON Schemas costs tens of
     * milliseconds. Nothing writes to it once made (the tree is only read).
     * Two first requests at once may both make it; either result is the same document.
     */
    private volatile ObjectNode onboardingDocument;

    public SystemRoutes(HealthUseCase healthCheck, WorkflowSettings workflowSettings, HttpSettings settings,
                 Json json, ErrorHandlers errors) {
        this.healthCheck = healthCheck;
        this.settings = settings;
        this.errors = errors;
        this.onboarding = new OnboardingDocument(workflowSettings, json::write);
    }

    public List<Route> routes() {
        return List.of(
                Route.open(HandlerType.GET, "/api/agent/onboarding", "The onboarding document: workflow, field schemas, hook metadata", this::onboarding),
                Route.open(HandlerType.GET, "/health", "Liveness: 200 while the process serves requests", this::health),
                Route.open(HandlerType.GET, "/health/ready", "Readiness: 200 when the store answers, else 503 with Retry-After",
                        this::ready));
    }

    private void onboarding(Call call) {
        ObjectNode document = onboardingDocument;
        if (document == null) {
            document = onboarding.document(settings.baseUrl());
            onboardingDocument = document;
        }
        call.ok(document);
    }

    /** Never touches the store: a server whose database is down is alive and answers 503s quickly. */
    private void health(Call call) {
        call.ok(HealthView.of("ok", healthCheck.storeName()));
    }

    private void ready(Call call) {
        HealthUseCase.Health health = healthCheck.health();
        if (health.storeReachable()) {
            call.ok(HealthView.of("ready", health.store()));
            return;
        }
        ErrorHandlers.Rendered refused = errors.unavailable(new StoreUnavailableException(health.problem()));
        refused.headers().forEach(call.ctx()::header);
        call.respond(503, HealthView.refused("unavailable", health.store(), errors.tree(refused.body())));
    }
}
