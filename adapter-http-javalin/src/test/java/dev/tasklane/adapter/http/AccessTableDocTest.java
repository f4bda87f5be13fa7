package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.domain.identity.Scope;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/api.md's access table is the route table's declaration, rendered: the scope each route takes, grouped by scope.
 * Run with {@code -Dtasklane.writeAccessTable=true} to write the rendering into docs/api.md after changing a route.
 */
class AccessTableDocTest {
    static final String START = "<!-- access table: rendered from the route table by AccessTableDocTest -->";
    static final String END = "<!-- end of access table -->";

    private static final Map<Scope, String> WHO = Map.of(
            Scope.READ, "any member of the board",
            Scope.WORK, "owner or modify access",
            Scope.REVIEW, "owner or modify access; never on work the same token completed",
            Scope.BOARD_ADMIN, "owner access, or a server admin",
            Scope.SERVER_ADMIN, "the admin role");

    static String render(List<Route> table) {
        Map<String, List<Route>> byScope = new TreeMap<>(Comparator.comparingInt(AccessTableDocTest::order));
        for (Route route : table) {
            byScope.computeIfAbsent(route.scope() == null ? "open" : route.scope().label(), k -> new java.util.ArrayList<>())
                    .add(route);
        }
        StringBuilder md = new StringBuilder(START).append("\n\n")
                .append("| Scope | The user needs | Routes |\n|---|---|---|\n");
        byScope.forEach((scope, routes) -> md.append("| ").append(scope.equals("open") ? "none (open)" : "`" + scope + "`")
                .append(" | ").append(scope.equals("open") ? "no credential" : WHO.get(Scope.ofLabel(scope).orElseThrow()))
                .append(" | ").append(routes.stream().map(r -> "`" + r.method() + " " + r.path() + "`")
                        .sorted().collect(Collectors.joining(", ")))
                .append(" |\n"));
        return md.append('\n').append(END).toString();
    }

    private static int order(String scope) {
        return scope.equals("open") ? -1 : Scope.ofLabel(scope).orElseThrow().ordinal();
    }

    @Test
    void docsApiMdCarriesTheRouteTablesAccessDeclaration() throws IOException {
        InMemoryStores stores = InMemoryStores.create();
        Tasklane tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions()).build();
        String rendered = render(HttpApi.routeTable(tasklane, HttpSettings.defaults("http://localhost:7070")));
        Path api = Path.of("..", "docs", "api.md");
        String doc = Files.readString(api, StandardCharsets.UTF_8);
        int start = doc.indexOf(START);
        int end = doc.indexOf(END);
        assertTrue(start >= 0 && end > start, "docs/api.md has the access table's markers");
        String current = doc.substring(start, end + END.length());
        if (Boolean.getBoolean("tasklane.writeAccessTable")) {
            Files.writeString(api, doc.substring(0, start) + rendered + doc.substring(end + END.length()),
                    StandardCharsets.UTF_8);
            return;
        }
        assertEquals(rendered, current, "docs/api.md's access table differs from the route table: run this test "
                + "with -Dtasklane.writeAccessTable=true");
    }
}
