package dev.tasklane.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.Bootstrap;
import com.sun.jdi.ClassType;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.AttachingConnector;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.MethodEntryEvent;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.MethodEntryRequest;
import dev.tasklane.adapter.jdbi.Database;
import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.adapter.jdbi.testing.TestPostgres;
import dev.tasklane.bootstrap.architecture.ClaimTraceSection;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The claim's trace in docs/architecture.md ("A server-picked claim, file by file") is what the server runs: a server
 * process on PostgreSQL with a debugging agent, warmed by two claim cycles, is watched through the JDK's debugger
 * interface (JDI) while it serves one server-picked claim of a standalone task. Every method of the project entered
 * on the request's thread is mapped to its main source file; records and enums are values and not counted, as the
 * section says. The files, in the order first entered, must be the section's list, neither more nor fewer.
 */
@RequiresPostgres
class ClaimTraceTest {
    private static final String HTTP_API = "dev.tasklane.adapter.http.HttpApi";
    private static final String TOKEN = "tasklane_claim_trace_test_token_0123456789abcdef_ghijklmnop";
    private static final Map<String, String> MODULES = new LinkedHashMap<>();
    /** The claim's route: where the trace from the route to the SQL starts. */
    private static final String ROUTE = "dev.tasklane.adapter.http.routes.WorkflowRoutes";
    /** Entered right after the statement that writes the claim and commits: where that trace ends. */
    private static final String COMMITTED = "committedWithStatement";
    /** The most main files a newcomer follows from the claim's route to its SQL (docs/architecture.md). */
    private static final int ROUTE_TO_SQL_FILES = 25;

    static {
        // the longest package first: adapter.http before a shorter prefix could take it
        MODULES.put("dev.tasklane.adapter.http", "http");
        MODULES.put("dev.tasklane.adapter.jdbi", "jdbi");
        MODULES.put("dev.tasklane.adapter.web", "web");
        MODULES.put("dev.tasklane.application", "application");
        MODULES.put("dev.tasklane.domain", "domain");
        MODULES.put("dev.tasklane.edge", "edge");
        MODULES.put("dev.tasklane.json", "json");
        MODULES.put("dev.tasklane.bootstrap", "bootstrap");
    }

    @Test
    void theDocumentedTraceIsTheFilesTheServerRunsForAClaim(@TempDir Path logs) throws Exception {
        Database database = TestPostgres.freshSchema("claim_trace");
        int debugPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            debugPort = socket.getLocalPort();
        }
        Map<String, String> env = Map.of("TASKLANE_BOOTSTRAP_TOKEN", TOKEN, "TASKLANE_DB_USER", database.user(),
                "TASKLANE_DB_PASSWORD", database.password(), "TASKLANE_AUTH_CACHE", "10m");
        List<String> agent = List.of("-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:"
                + debugPort);
        try (ServerProcess server = ServerProcess.start("claim-trace", logs, agent,
                List.of("--db-url", database.url()), env)) {
            AgentHttp admin = new AgentHttp(HttpClient.newHttpClient(), server.baseUrl(), TOKEN);
            for (int cycle = 0; cycle < 2; cycle++) {
                String id = create(admin, "Warm-up " + cycle);
                AgentHttp.Answer claimed = admin.claim(null, "tracer");
                assertEquals(200, claimed.status(), claimed.toString());
                assertEquals(id, claimed.data().path("identifier").asText());
                AgentHttp.Answer done = admin.complete(claimed.data().path("id").asLong(),
                        claimed.data().path("claim_token").asText(), "tracer");
                assertEquals(200, done.status(), done.toString());
            }
            String traced = create(admin, "The traced claim");

            VirtualMachine vm = attach(debugPort);
            Trace entered;
            try {
                entered = filesEnteredBy(vm, () -> {
                    AgentHttp.Answer claimed = admin.claim(null, "tracer");
                    assertEquals(200, claimed.status(), claimed.toString());
                    assertEquals(traced, claimed.data().path("identifier").asText());
                });
            } finally {
                vm.dispose();
            }
            String section = ClaimTraceSection.text(Path.of(".."));
            List<String> documented = ClaimTraceSection.entries(section).stream()
                    .map(ClaimTraceSection.Entry::file).toList();
            System.out.println("Claim trace: " + entered.files().size() + " main files entered; the route to the SQL, "
                    + "entries " + entered.routeFirst() + " to " + entered.sqlLast() + ": " + entered.routeToSql()
                    + " files");
            assertEquals(documented, entered.files(), "docs/architecture.md, \"A server-picked claim, file by file\", "
                    + "lists the files a server-picked claim enters, in order (printed above)");
            assertEquals(ClaimTraceSection.routeToSql(section), List.of(entered.routeFirst(), entered.sqlLast()),
                    "the section names the entries from the claim's route to its SQL (printed above)");
            assertTrue(entered.routeToSql() <= ROUTE_TO_SQL_FILES, "from the route to the SQL a claim crosses at most "
                    + ROUTE_TO_SQL_FILES + " main files, not " + entered.routeToSql());
        }
    }

    private static String create(AgentHttp admin, String title) throws IOException, InterruptedException {
        AgentHttp.Answer created = admin.post("/api/tasks", Map.of("agent_name", "tracer",
                "task", Map.of("title", title, "type", "work", "priority", "medium")));
        assertEquals(201, created.status(), created.toString());
        return created.data().path("identifier").asText();
    }

    private static VirtualMachine attach(int port) throws Exception {
        AttachingConnector socket = Bootstrap.virtualMachineManager().attachingConnectors().stream()
                .filter(connector -> connector.transport().name().equals("dt_socket")).findFirst().orElseThrow();
        Map<String, Connector.Argument> arguments = socket.defaultArguments();
        arguments.get("hostname").setValue("127.0.0.1");
        arguments.get("port").setValue(Integer.toString(port));
        return socket.attach(arguments);
    }

    interface Request {
        void send() throws Exception;
    }

    /**
     * The files a request entered, in the order first entered, and the 1-based entries of the claim's route and of the
     * last file entered before its SQL was sent and committed.
     */
    record Trace(List<String> files, int routeFirst, int sqlLast) {
        int routeToSql() {
            return sqlLast - routeFirst + 1;
        }
    }

    /**
     * The main source files of the project that the request enters, in the order first entered, as "Name (module)",
     * on the threads that entered the HTTP adapter's {@code HttpApi} (the request's; not the sweeper's, say).
     */
    private static Trace filesEnteredBy(VirtualMachine vm, Request request) throws Exception {
        MethodEntryRequest entries = vm.eventRequestManager().createMethodEntryRequest();
        entries.addClassFilter("dev.tasklane.*");
        entries.setSuspendPolicy(EventRequest.SUSPEND_NONE);
        entries.enable();
        Map<String, List<Method>> byThread = new LinkedHashMap<>();
        Thread reader = new Thread(() -> {
            try {
                while (true) {
                    EventSet set = vm.eventQueue().remove();
                    for (Event event : set) {
                        if (event instanceof MethodEntryEvent entry) {
                            byThread.computeIfAbsent(entry.thread().name(), name -> new ArrayList<>())
                                    .add(entry.method());
                        }
                    }
                }
            } catch (InterruptedException | com.sun.jdi.VMDisconnectedException over) {
                // the trace is complete
            }
        }, "claim-trace-events");
        reader.start();
        request.send();
        TimeUnit.MILLISECONDS.sleep(500); // the queue's last events reach the reader
        entries.disable();
        TimeUnit.MILLISECONDS.sleep(200);
        reader.interrupt();
        reader.join(5_000);

        Map<String, String> files = new LinkedHashMap<>();
        int routeFirst = 0;
        int sqlLast = 0;
        for (List<Method> methods : byThread.values()) {
            if (methods.stream().noneMatch(method -> method.declaringType().name().equals(HTTP_API))) {
                continue;
            }
            for (Method method : methods) {
                if (!isValueCode(method)) {
                    files.putIfAbsent(file(vm, method.declaringType()), method.declaringType().name() + "."
                            + method.name());
                }
                if (routeFirst == 0 && method.declaringType().name().equals(ROUTE)) {
                    routeFirst = List.copyOf(files.keySet()).indexOf(file(vm, method.declaringType())) + 1;
                }
                if (sqlLast == 0 && method.name().equals(COMMITTED)) {
                    sqlLast = files.size();
                }
            }
        }
        files.forEach((file, first) -> System.out.println("  " + file + " first entered at " + first));
        return new Trace(List.copyOf(files.keySet()), routeFirst, sqlLast);
    }

    /**
     * Whether a method belongs to a value, which the trace does not count: a method of a record or an enum, or of a
     * class nested in a record (its builder, its lambdas), as the domain's ids, tasks and statuses and the use cases'
     * answers are; their methods are the value's own behaviour, read where it is used. The methods of classes and
     * interfaces count, nested ones for the file they are in: a rule class nested in an enum counts for the enum's
     * file.
     */
    private static boolean isValueCode(Method method) {
        ReferenceType type = method.declaringType();
        if (isA(type, "java.lang.Record") || isA(type, "java.lang.Enum")) {
            return true;
        }
        ReferenceType top = topLevel(method.virtualMachine(), type);
        return top != type && isA(top, "java.lang.Record");
    }

    /** The top-level type a nested type (or a lambda's class) is declared in; the type itself when it is one. */
    private static ReferenceType topLevel(VirtualMachine vm, ReferenceType type) {
        int nested = type.name().indexOf('$');
        List<ReferenceType> declared = nested < 0 ? List.of() : vm.classesByName(type.name().substring(0, nested));
        return declared.isEmpty() ? type : declared.get(0);
    }

    private static boolean isA(ReferenceType type, String superclass) {
        return type instanceof ClassType classType && classType.superclass() != null
                && classType.superclass().name().equals(superclass);
    }

    /** "Name (module)" of the main source file declaring this type. */
    private static String file(VirtualMachine vm, ReferenceType type) {
        ReferenceType top = topLevel(vm, type);
        int nested = type.name().indexOf('$');
        String outer = nested < 0 ? type.name() : type.name().substring(0, nested);
        String module = MODULES.entrySet().stream()
                .filter(entry -> outer.startsWith(entry.getKey() + ".")).map(Map.Entry::getValue)
                .findFirst().orElse("other");
        String simple = outer.substring(outer.lastIndexOf('.') + 1);
        try {
            simple = top.sourceName().replace(".java", "");
        } catch (AbsentInformationException none) {
            // compiled without the source attribute: the class's own name
        }
        return simple + " (" + module + ")";
    }

}
