package dev.tasklane.adapter.http;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;

/** An OpenAPI 3.1 document generated from the registered route table. */
final class OpenApi {
    private static final java.util.regex.Pattern PARAM = java.util.regex.Pattern.compile("\\{([a-z_]+)}");

    private OpenApi() {
    }

    static Map<String, Object> document(List<Route> routes, String baseUrl) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("openapi", "3.1.0");
        doc.put("info", Map.of("title", "Tasklane API", "version", "1.0",
                "description", "Kanban task service for AI coding agents; see docs/api.md"));
        doc.put("servers", List.of(Map.of("url", baseUrl)));
        Map<String, Map<String, Object>> paths = new TreeMap<>();
        for (Route route : routes) {
            Map<String, Object> operation = new LinkedHashMap<>();
            String method = route.method().name().toLowerCase(Locale.ROOT);
            operation.put("summary", route.summary());
            operation.put("operationId", method + route.path().replaceAll("[^A-Za-z0-9]+", "_"));
            operation.put("security", route.authenticated() ? List.of(Map.of("bearer", List.of())) : List.of());
            List<Map<String, Object>> parameters = new java.util.ArrayList<>();
            Matcher matcher = PARAM.matcher(route.path());
            while (matcher.find()) {
                parameters.add(Map.of("name", matcher.group(1), "in", "path", "required", true,
                        "schema", Map.of("type", "string"),
                        "description", "numeric id or identifier"));
            }
            if (route.path().equals(MetricsRoutes.PATH)) {
                parameters.addAll(MetricsRoutes.openApiParameters());
            }
            if (IdempotencyKeys.applies(route)) {
                parameters.add(IdempotencyKeys.openApiParameter());
            }
            if (!parameters.isEmpty()) {
                operation.put("parameters", parameters);
            }
            Map<String, Object> responses = new LinkedHashMap<>();
            responses.put("default", Map.of("description", "JSON body; see docs/api.md"));
            operation.put("responses", responses);
            paths.computeIfAbsent(route.path(), key -> new LinkedHashMap<>()).put(method, operation);
        }
        doc.put("paths", paths);
        doc.put("components", Map.of("securitySchemes",
                Map.of("bearer", Map.of("type", "http", "scheme", "bearer", "description", "Authorization: Bearer <API token>"))));
        return doc;
    }
}
