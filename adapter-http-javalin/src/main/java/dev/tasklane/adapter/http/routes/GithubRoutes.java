package dev.tasklane.adapter.http.routes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.openapi.MayBeNull;
import dev.tasklane.adapter.http.openapi.Operation;
import dev.tasklane.adapter.http.pipeline.Call;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.adapter.http.wire.TaskAnswer.Envelope;
import dev.tasklane.adapter.http.wire.TaskAnswer.WireTime;
import dev.tasklane.application.port.in.GithubUseCase;
import dev.tasklane.application.port.in.GithubUseCase.Connect;
import dev.tasklane.application.port.in.GithubUseCase.Delivery;
import dev.tasklane.application.port.in.GithubUseCase.GithubView;
import dev.tasklane.application.port.in.GithubUseCase.Received;
import dev.tasklane.domain.github.IssueEvent;
import dev.tasklane.domain.github.LabelTable;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.identity.Scope;
import io.javalin.http.HandlerType;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * GitHub issues that become tasks (docs/api.md, "GitHub issues"): {@code PUT /api/boards/:id/github} connects a
 * repository (board administration; the secret is never answered), and GitHub posts its deliveries to
 * {@code POST /hooks/github/:board_id} with no bearer token: the use case checks {@code X-Hub-Signature-256} over the
 * raw bytes before this class parses a byte of them.
 */
public final class GithubRoutes {
    static final String CONNECT = "/api/boards/{id}/github";
    static final String HOOK = "/hooks/github/{board_id}";
    private static final Set<String> KEYS = Set.of("repository", "secret", "label", "labels");
    private static final int MAX_TEXT = 300;

    private final GithubUseCase github;

    public GithubRoutes(GithubUseCase github) {
        this.github = github;
    }

    /** A connection as answered: never its secret; {@code hook_path} is where GitHub posts. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record ConnectionAnswer(long boardId, String repository, String label, Map<String, String> labels,
                                   String connectedAt, String hookPath) {
    }

    /** The body of the connection: {@code label} omitted for {@code tasklane}, {@code labels} for the default table. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record ConnectBody(String repository, String secret, @MayBeNull String label,
                              @MayBeNull Map<String, String> labels) {
    }

    /** What a delivery did: created, updated, archived, restored, ignored (with the reason) or duplicate. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record ReceivedAnswer(String outcome, String task, String reason) {
    }

    public static final List<Operation> OPERATIONS = List.of(
            Operation.of("PUT", CONNECT, Operation.envelope(ConnectionAnswer.class)).body(ConnectBody.class)
                    .errors(403),
            Operation.of("POST", HOOK, Operation.envelope(ReceivedAnswer.class)).body(ObjectNode.class).status(202)
                    .errors(400, 401, 404, 422));

    public List<Route> routes() {
        return List.of(
                Route.needs(Scope.BOARD_ADMIN, HandlerType.PUT, CONNECT,
                        "Connect a GitHub repository: its labelled issues become tasks (the secret is never answered)",
                        this::connect),
                Route.open(HandlerType.POST, HOOK,
                        "GitHub's issues deliveries, signed by X-Hub-Signature-256 (no bearer token)", this::hook));
    }

    private void connect(Call call) {
        JsonNode tree = call.tree();
        if (!(tree instanceof ObjectNode body)) {
            throw RequestRefused.invalid("body", "must be a JSON object: {\"repository\", \"secret\", \"label\"}");
        }
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!KEYS.contains(name)) {
                throw RequestRefused.invalid(name.length() > 40 ? name.substring(0, 40) : name,
                        "is not a field of this request; the fields are label, labels, repository, secret");
            }
        }
        Map<String, String> labels = null;
        JsonNode table = body.get("labels");
        if (table != null && !table.isNull()) {
            if (!table.isObject() || table.size() > LabelTable.MAX_ENTRIES) {
                throw RequestRefused.invalid("labels", "must be an object of at most " + LabelTable.MAX_ENTRIES
                        + " labels, each to \"priority:<p>\" or \"capability:<c>\"");
            }
            labels = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> entries = table.fields(); entries.hasNext(); ) {
                Map.Entry<String, JsonNode> entry = entries.next();
                if (!entry.getValue().isTextual()) {
                    throw RequestRefused.invalid("labels", "maps each label to a string such as \"priority:high\"");
                }
                labels.put(entry.getKey(), entry.getValue().textValue());
            }
        }
        GithubView view = github.connect(call.caller(), BoardId.of(number(call, "id")), new Connect(
                text(body, "repository", true), text(body, "secret", true), text(body, "label", false), labels));
        call.ok(Envelope.data(answer(view)));
    }

    private void hook(Call call) {
        BoardId board = BoardId.of(number(call, "board_id"));
        Received received = github.receive(board, new Delivery(call.ctx().header("X-GitHub-Event"),
                call.ctx().header("X-GitHub-Delivery"), call.ctx().header("X-Hub-Signature-256"), call.rawBody()),
                body -> issue(call, body));
        // 202 for every delivery taken, whatever it did: GitHub reads only the 2xx, the outcome says the rest
        call.respond(202, Envelope.data(new ReceivedAnswer(received.outcome(), received.task(), received.reason())));
    }

    /** Reads GitHub's issues payload: only what the rule needs, each field checked. */
    private static IssueEvent issue(Call call, byte[] body) {
        JsonNode tree = call.json().parse(body);
        JsonNode issue = tree.path("issue");
        if (!issue.isObject() || !issue.path("number").canConvertToLong()) {
            throw RequestRefused.invalid("issue", "an issues delivery carries the issue with its number");
        }
        List<String> labels = new ArrayList<>();
        for (JsonNode label : issue.path("labels")) {
            if (label.path("name").isTextual() && labels.size() < IssueEvent.MAX_LABELS) {
                labels.add(label.path("name").textValue());
            }
        }
        return new IssueEvent(tree.path("action").asText(""), tree.path("repository").path("full_name").asText(""),
                issue.path("number").longValue(), issue.path("title").asText(null), issue.path("body").asText(null),
                labels, issue.path("html_url").asText(""), tree.path("label").path("name").asText(null));
    }

    private static String text(ObjectNode body, String key, boolean required) {
        JsonNode value = body.get(key);
        if (value == null || value.isNull()) {
            if (required) {
                throw RequestRefused.invalid(key, "is required");
            }
            return null;
        }
        if (!value.isTextual() || value.textValue().length() > MAX_TEXT) {
            throw RequestRefused.invalid(key, "must be a string of at most " + MAX_TEXT + " characters");
        }
        return value.textValue();
    }

    private static long number(Call call, String param) {
        try {
            return Long.parseLong(call.ctx().pathParam(param));
        } catch (NumberFormatException notANumber) {
            throw RequestRefused.plain(404, "Board not found");
        }
    }

    static ConnectionAnswer answer(GithubView v) {
        return new ConnectionAnswer(v.boardId().value(), v.repository(), v.label(), v.labels(),
                WireTime.utc(v.connectedAt()), "/hooks/github/" + v.boardId().value());
    }
}
