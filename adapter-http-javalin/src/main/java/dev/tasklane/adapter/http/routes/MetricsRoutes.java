package dev.tasklane.adapter.http.routes;

import static dev.tasklane.adapter.http.routes.OpenApi.TextSchema.TEXT;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.adapter.http.pipeline.Call;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.application.port.in.MetricsRequest;
import dev.tasklane.application.port.in.FlowMetricsUseCase;
import io.javalin.http.HandlerType;

import java.util.List;

/** {@code GET /api/metrics}: the flow figures of the token's board (docs/api.md, "Flow metrics"). */
public final class MetricsRoutes {
    static final String PATH = "/api/metrics";

    private final FlowMetricsUseCase flow;

    public MetricsRoutes(FlowMetricsUseCase flow) {
        this.flow = flow;
    }

    public List<Route> routes() {
        return List.of(Route.needs(Scope.READ, HandlerType.GET, PATH,
                "Flow metrics of the token's board: throughput, cycle, lead, review and backlog wait, rework, "
                        + "cumulative flow, agents (docs/rules.md#flow-metrics)", this::metrics));
    }

    private void metrics(Call call) {
        MetricsRequest request = new MetricsRequest(call.ctx().queryParam("window"), call.ctx().queryParam("from"),
                call.ctx().queryParam("to"), call.ctx().queryParam("tz"), call.ctx().queryParam("agent"));
        call.ok(new MetricsAnswer.Envelope(MetricsAnswer.of(flow.metrics(call.actor(), request))));
    }

    /** The query parameters, for the OpenAPI document. */
    static List<OpenApi.Parameter> openApiParameters() {
        return List.of(
                parameter("window", "Days ending today: 7d, 14d (default), 30d, 90d, any 1d to 366d. Not with from/to.",
                        TEXT.pattern("^[0-9]{1,4}d$").byDefault("14d")),
                parameter("from", "First day, an ISO date (with to; at most 366 days, not after to)",
                        TEXT.format("date")),
                parameter("to", "Last day, an ISO date, inclusive (with from)", TEXT.format("date")),
                parameter("tz", "Where days are cut: an IANA time zone (default UTC)",
                        TEXT.maxLength(64).byDefault("UTC")),
                parameter("agent", "Narrow the figures to the agents of this agent_name",
                        TEXT.maxLength(255)));
    }

    private static OpenApi.Parameter parameter(String name, String description, OpenApi.TextSchema schema) {
        return OpenApi.Parameter.query(name, schema, description + "; a bad value answers 422 invalid_param naming it");
    }
}
