package dev.tasklane.adapter.http.routes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.openapi.MayBeNull;
import dev.tasklane.adapter.http.openapi.Operation;
import dev.tasklane.adapter.http.pipeline.Call;
import dev.tasklane.adapter.http.pipeline.Params;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.adapter.http.wire.TaskAnswer.Envelope;
import dev.tasklane.adapter.http.wire.TaskAnswer.WireTime;
import dev.tasklane.application.port.in.Patch;
import dev.tasklane.application.port.in.WebhooksUseCase;
import dev.tasklane.application.port.in.WebhooksUseCase.Created;
import dev.tasklane.application.port.in.WebhooksUseCase.NewWebhook;
import dev.tasklane.application.port.in.WebhooksUseCase.WebhookChange;
import dev.tasklane.application.port.in.WebhooksUseCase.WebhookView;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.domain.webhook.EventFilter;
import dev.tasklane.domain.webhook.WebhookDelivery;
import dev.tasklane.domain.webhook.WebhookSubscription;
import io.javalin.http.HandlerType;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * A board's outbound webhooks over the API (docs/api.md, "Webhooks"): the subscriptions under
 * {@code /api/boards/:id/webhooks}, their secret's rotation, a test event and the delivery log. Board administration:
 * every route takes {@link Scope#BOARD_ADMIN}; who may act on which board is the use case's decision. A secret is in
 * the answer of the create and the rotation only, and never in an Idempotency-Key's recorded answer.
 */
public final class WebhookRoutes {
    static final String LIST = "/api/boards/{id}/webhooks";
    static final String ONE = LIST + "/{webhook_id}";
    private static final Set<String> CREATE_KEYS = Set.of("url", "events", "description", "preset");
    private static final Set<String> CHANGE_KEYS = Set.of("url", "events", "description", "enabled");
    private static final int MAX_TEXT = WebhookSubscription.MAX_DESCRIPTION * 4;
    private static final int DEFAULT_DELIVERIES = 50;

    private final WebhooksUseCase webhooks;

    public WebhookRoutes(WebhooksUseCase webhooks) {
        this.webhooks = webhooks;
    }

    /**
     * A subscription as answered: {@code events} empty for every type; {@code enabled} false with
     * {@code disabled_reason} when it was disabled; {@code secret} only in the answers of the create and the rotation.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record WebhookAnswer(long id, long boardId, String url, List<String> events, String description,
                                boolean enabled, String disabledReason, String failingSince, String createdAt,
                                String previousSecretUntil, String preset, String secret) {
    }

    /** One delivery of the log: the last attempt's status and the first bytes of its answer, the next attempt's time. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record DeliveryAnswer(long id, String messageId, Long eventId, String type, String state, int attempts,
                                 Integer lastStatus, Long lastLatencyMs, String lastResponse, String lastAttemptAt,
                                 String deliveredAt, String nextAttemptAt, String createdAt) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record DeletedAnswer(long id, boolean deleted) {
    }

    /**
     * The body of the create and of the change: {@code events} omitted or null for the preset's default;
     * {@code preset} ({@code standard} or {@code slack}) on the create only.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record WebhookBody(String url, @MayBeNull List<String> events, String description, Boolean enabled,
                              String preset) {
    }

    /** The body of the rotation: how long the previous secret goes on signing (default a day, at most 7 days). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record RotateBody(Long overlapSeconds) {
    }

    /** The OpenAPI operations of these routes. */
    public static final List<Operation> OPERATIONS = List.of(
            Operation.of("POST", LIST, Operation.envelope(WebhookAnswer.class)).body(WebhookBody.class).status(201)
                    .errors(403, 409),
            Operation.of("GET", LIST, Operation.envelope(Operation.listOf(WebhookAnswer.class))).errors(403),
            Operation.of("PATCH", ONE, Operation.envelope(WebhookAnswer.class)).body(WebhookBody.class).errors(403),
            Operation.of("DELETE", ONE, Operation.envelope(DeletedAnswer.class)).errors(403),
            Operation.of("POST", ONE + "/rotate", Operation.envelope(WebhookAnswer.class)).body(RotateBody.class)
                    .optionalBody().errors(403),
            Operation.of("POST", ONE + "/test", Operation.envelope(DeliveryAnswer.class)).status(202).errors(403),
            Operation.of("GET", ONE + "/deliveries", Operation.envelope(Operation.listOf(DeliveryAnswer.class)))
                    .errors(400, 403),
            Operation.of("POST", ONE + "/deliveries/{delivery_id}/resend", Operation.envelope(DeliveryAnswer.class))
                    .errors(403));

    public List<Route> routes() {
        return List.of(
                Route.needs(Scope.BOARD_ADMIN, HandlerType.POST, LIST,
                        "Subscribe a URL to the board's events; the answer shows the signing secret, once", this::create),
                Route.needs(Scope.BOARD_ADMIN, HandlerType.GET, LIST, "The board's webhook subscriptions", this::list),
                Route.needs(Scope.BOARD_ADMIN, HandlerType.PATCH, ONE,
                        "Change a subscription's URL, events, description, or enable or disable it", this::change),
                Route.needs(Scope.BOARD_ADMIN, HandlerType.DELETE, ONE, "Delete a subscription and its delivery log",
                        this::delete),
                Route.needs(Scope.BOARD_ADMIN, HandlerType.POST, ONE + "/rotate",
                        "A new signing secret, shown once; the previous one signs too for the overlap", this::rotate),
                Route.needs(Scope.BOARD_ADMIN, HandlerType.POST, ONE + "/test", "Queue a webhook.test delivery",
                        this::test),
                Route.needs(Scope.BOARD_ADMIN, HandlerType.GET, ONE + "/deliveries",
                        "The subscription's delivery log, newest first", this::deliveries),
                Route.needs(Scope.BOARD_ADMIN, HandlerType.POST, ONE + "/deliveries/{delivery_id}/resend",
                        "Send a delivery again, now", this::resend));
    }

    private void create(Call call) {
        ObjectNode body = call.object();
        onlyKeys(body, CREATE_KEYS);
        Created created = webhooks.create(call.caller(), boardId(call), new NewWebhook(text(body, "url", true),
                events(body.get("events")), text(body, "description", false), text(body, "preset", false)));
        call.answerHolds(created.secret());
        call.respond(201, Envelope.data(answer(created.webhook(), created.secret())));
    }

    private void list(Call call) {
        call.ok(Envelope.data(webhooks.list(call.caller(), boardId(call)).stream().map(v -> answer(v, null)).toList()));
    }

    private void change(Call call) {
        ObjectNode body = call.object();
        onlyKeys(body, CHANGE_KEYS);
        if (body.isEmpty()) {
            throw RequestRefused.invalid("body", "names nothing to change: send url, events, description and/or enabled");
        }
        Patch<String> url = body.has("url") ? Patch.to(text(body, "url", true)) : Patch.unchanged();
        Patch<List<String>> events = body.has("events") ? Patch.to(events(body.get("events"))) : Patch.unchanged();
        Patch<String> description = body.has("description") ? Patch.to(text(body, "description", false))
                : Patch.unchanged();
        Patch<Boolean> enabled = Patch.unchanged();
        if (body.has("enabled")) {
            if (!body.get("enabled").isBoolean()) {
                throw RequestRefused.invalid("enabled", "must be true or false");
            }
            enabled = Patch.to(body.get("enabled").booleanValue());
        }
        WebhookView changed = webhooks.change(call.caller(), boardId(call), webhookId(call),
                new WebhookChange(url, events, description, enabled));
        call.ok(Envelope.data(answer(changed, null)));
    }

    private void delete(Call call) {
        long id = webhookId(call);
        webhooks.delete(call.caller(), boardId(call), id);
        call.ok(Envelope.data(new DeletedAnswer(id, true)));
    }

    private void rotate(Call call) {
        Duration overlap = null;
        JsonNode tree = call.tree();
        if (tree != null && tree.isObject()) {
            onlyKeys((ObjectNode) tree, Set.of("overlap_seconds"));
            JsonNode seconds = tree.get("overlap_seconds");
            if (seconds != null && !seconds.isNull()) {
                if (!seconds.canConvertToLong() || !seconds.isIntegralNumber() || seconds.longValue() < 0
                        || seconds.longValue() > WebhookSubscription.MAX_OVERLAP.toSeconds()) {
                    throw RequestRefused.invalid("overlap_seconds", "must be a whole number of seconds from 0 to "
                            + WebhookSubscription.MAX_OVERLAP.toSeconds());
                }
                overlap = Duration.ofSeconds(seconds.longValue());
            }
        } else if (tree != null && !tree.isNull() && !tree.isMissingNode()) {
            throw RequestRefused.invalid("body", "must be a JSON object such as {\"overlap_seconds\": 3600}");
        }
        Created rotated = webhooks.rotate(call.caller(), boardId(call), webhookId(call), overlap);
        call.answerHolds(rotated.secret());
        call.ok(Envelope.data(answer(rotated.webhook(), rotated.secret())));
    }

    private void test(Call call) {
        call.respond(202, Envelope.data(answer(webhooks.test(call.caller(), boardId(call), webhookId(call)))));
    }

    private void deliveries(Call call) {
        Integer limit = Params.queryInt(call.query("limit"), "limit", 1, WebhooksUseCase.MAX_DELIVERIES);
        List<WebhookDelivery> log = webhooks.deliveries(call.caller(), boardId(call), webhookId(call),
                limit == null ? DEFAULT_DELIVERIES : limit);
        call.ok(Envelope.data(log.stream().map(WebhookRoutes::answer).toList()));
    }

    private void resend(Call call) {
        long delivery = number(call, "delivery_id", "Delivery not found");
        call.ok(Envelope.data(answer(webhooks.resend(call.caller(), boardId(call), webhookId(call), delivery))));
    }

    private static void onlyKeys(ObjectNode body, Set<String> allowed) {
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!allowed.contains(name)) {
                throw RequestRefused.invalid(name.length() > 40 ? name.substring(0, 40) : name,
                        "is not a field of this request; the fields are " + String.join(", ", allowed.stream().sorted().toList()));
            }
        }
    }

    private static String text(ObjectNode body, String key, boolean required) {
        JsonNode value = body.get(key);
        if (value == null || value.isNull()) {
            if (required) {
                throw RequestRefused.invalid(key, "is required");
            }
            return null;
        }
        if (!value.isTextual()) {
            throw RequestRefused.invalid(key, "must be a string");
        }
        if (value.textValue().length() > MAX_TEXT) {
            throw RequestRefused.invalid(key, "is too long");
        }
        return value.textValue();
    }

    /** {@code events}: null or missing for every type, else an array of event type names. */
    private static List<String> events(JsonNode value) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isArray()) {
            throw RequestRefused.invalid("events", "must be an array of event type names, or omitted for every type");
        }
        if (value.size() > EventFilter.KNOWN.size()) {
            throw RequestRefused.invalid("events", "must name at most " + EventFilter.KNOWN.size() + " event types");
        }
        List<String> names = new ArrayList<>();
        for (JsonNode name : value) {
            if (!name.isTextual()) {
                throw RequestRefused.invalid("events", "must hold strings, the event stream's type names");
            }
            names.add(name.textValue());
        }
        return names;
    }

    private static BoardId boardId(Call call) {
        return BoardId.of(number(call, "id", "Board not found"));
    }

    private static long webhookId(Call call) {
        return number(call, "webhook_id", "Webhook not found");
    }

    private static long number(Call call, String param, String notFound) {
        try {
            return Long.parseLong(call.ctx().pathParam(param));
        } catch (NumberFormatException notANumber) {
            throw RequestRefused.plain(404, notFound);
        }
    }

    static WebhookAnswer answer(WebhookView v, String secret) {
        return new WebhookAnswer(v.id(), v.boardId().value(), v.url().toString(), v.events(), v.description(),
                v.enabled(), v.disabledReason(), time(v.failingSince()), time(v.createdAt()),
                time(v.previousSecretUntil()), v.preset(), secret);
    }

    static DeliveryAnswer answer(WebhookDelivery d) {
        return new DeliveryAnswer(d.id(), d.messageId(), d.eventId() == 0 ? null : d.eventId(), d.type(),
                d.state().code(), d.attempts(), d.lastStatus(), d.lastLatencyMillis(), d.lastResponse(),
                time(d.lastAttemptAt()), time(d.deliveredAt()), time(d.nextAttemptAt()), time(d.createdAt()));
    }

    private static String time(Instant instant) {
        return instant == null ? null : WireTime.utc(instant);
    }
}
