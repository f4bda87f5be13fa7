package dev.tasklane.adapter.web;

import dev.tasklane.adapter.web.view.Chrome;
import dev.tasklane.adapter.web.view.Option;
import dev.tasklane.adapter.web.view.WebhookDeliveriesPage;
import dev.tasklane.adapter.web.view.WebhookDeliveriesPage.DeliveryRow;
import dev.tasklane.adapter.web.view.WebhooksPage;
import dev.tasklane.adapter.web.view.WebhooksPage.IssuedSecret;
import dev.tasklane.adapter.web.view.WebhooksPage.WebhookRow;
import dev.tasklane.application.port.in.CallerUseCase;
import dev.tasklane.application.port.in.Patch;
import dev.tasklane.application.port.in.WebhooksUseCase;
import dev.tasklane.application.port.in.WebhooksUseCase.Created;
import dev.tasklane.application.port.in.WebhooksUseCase.NewWebhook;
import dev.tasklane.application.port.in.WebhooksUseCase.WebhookChange;
import dev.tasklane.application.port.in.WebhooksUseCase.WebhookView;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.webhook.EventFilter;
import dev.tasklane.domain.webhook.WebhookDelivery;
import dev.tasklane.domain.webhook.WebhookSubscription;
import io.javalin.http.Context;

import java.time.Duration;
import java.util.List;

/**
 * A board's webhooks, in its settings (docs/web.md, "Webhooks"), with the rules of {@code /api/boards/:id/webhooks}:
 * the subscriptions (created with the secret shown once; events and description edited; the secret rotated with an
 * overlap; disabled and enabled, the reason of a disabling shown; deleted) and each one's delivery log with its
 * "send again" and "send test event" buttons. The board's owners and admins only: the use case refuses anyone else.
 */
final class WebhookPages {
    /** Deliveries the log shows. */
    static final int LOG_ROWS = 50;
    /** The longest overlap the rotation form offers, in hours ({@link WebhookSubscription#MAX_OVERLAP}). */
    static final long MAX_OVERLAP_HOURS = WebhookSubscription.MAX_OVERLAP.toHours();

    private final Web web;
    private final CallerUseCase identity;
    private final WebhooksUseCase webhooks;

    WebhookPages(Web web, CallerUseCase identity, WebhooksUseCase webhooks) {
        this.web = web;
        this.identity = identity;
        this.webhooks = webhooks;
    }

    void page(Context ctx) {
        Actor person = web.person(ctx);
        render(ctx, person, identity.onBoard(person, Web.boardId(ctx)), null);
    }

    private void render(Context ctx, Actor person, Actor caller, IssuedSecret issued) {
        List<WebhookRow> rows = webhooks.list(caller, caller.board().id()).stream().map(WebhookPages::row).toList();
        Chrome chrome = web.chrome(ctx, person, "Webhooks · " + caller.board().name(), caller.board(), "settings");
        web.render(ctx, "webhooks.jte", new WebhooksPage(chrome, rows, choices(List.of()), issued,
                WebhooksUseCase.MAX_PER_BOARD));
    }

    void create(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        Created created = webhooks.create(caller, caller.board().id(), new NewWebhook(Web.required(ctx, "url",
                "The receiver's URL"), events(ctx), description(ctx), Web.optional(ctx, "preset")));
        render(ctx, person, caller, new IssuedSecret(created.webhook().id(), created.webhook().url().toString(),
                created.secret(), null));
    }

    void edit(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        long id = Web.pathId(ctx, "webhook");
        webhooks.change(caller, caller.board().id(), id, new WebhookChange(Patch.unchanged(), Patch.to(events(ctx)),
                Patch.to(description(ctx)), Patch.unchanged()));
        web.done(ctx, base(caller), "Saved webhook " + id + ".");
    }

    void rotate(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        String raw = Web.optional(ctx, "overlap_hours");
        long hours;
        try {
            hours = raw == null ? WebhooksUseCase.DEFAULT_OVERLAP.toHours() : Long.parseLong(raw.strip());
        } catch (NumberFormatException notANumber) {
            throw overlapInvalid();
        }
        if (hours < 0 || hours > MAX_OVERLAP_HOURS) {
            throw overlapInvalid();
        }
        Created rotated = webhooks.rotate(caller, caller.board().id(), Web.pathId(ctx, "webhook"), Duration.ofHours(hours));
        WebhookView view = rotated.webhook();
        render(ctx, person, caller, new IssuedSecret(view.id(), view.url().toString(), rotated.secret(),
                view.previousSecretUntil() == null ? null : Format.when(view.previousSecretUntil())));
    }

    private static InvalidInputException overlapInvalid() {
        return new InvalidInputException("invalid_param", "The overlap is a whole number of hours from 0 to "
                + MAX_OVERLAP_HOURS + ": how long the previous secret goes on signing",
                new ErrorDetails.Field("overlap_hours"));
    }

    void enable(Context ctx) {
        toggle(ctx, true);
    }

    void disable(Context ctx) {
        toggle(ctx, false);
    }

    private void toggle(Context ctx, boolean enabled) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        long id = Web.pathId(ctx, "webhook");
        webhooks.change(caller, caller.board().id(), id, new WebhookChange(Patch.unchanged(), Patch.unchanged(),
                Patch.unchanged(), Patch.to(enabled)));
        web.done(ctx, base(caller), "Webhook " + id + (enabled ? " is enabled: deliveries resume."
                : " is disabled: nothing is sent until it is enabled."));
    }

    void delete(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        long id = Web.pathId(ctx, "webhook");
        webhooks.delete(caller, caller.board().id(), id);
        web.done(ctx, base(caller), "Webhook " + id + " and its delivery log are deleted.");
    }

    void deliveries(Context ctx) {
        Actor person = web.person(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        long id = Web.pathId(ctx, "webhook");
        WebhookRow webhook = webhooks.list(caller, caller.board().id()).stream().filter(w -> w.id() == id)
                .findFirst().map(WebhookPages::row)
                .orElseThrow(() -> new NotFoundException("webhook_not_found", "Webhook not found"));
        List<DeliveryRow> rows = webhooks.deliveries(caller, caller.board().id(), id, LOG_ROWS).stream()
                .map(WebhookPages::delivery).toList();
        Chrome chrome = web.chrome(ctx, person, "Deliveries · webhook " + id, caller.board(), "settings");
        web.render(ctx, "webhook_deliveries.jte", new WebhookDeliveriesPage(chrome, webhook, rows, LOG_ROWS));
    }

    void test(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        long id = Web.pathId(ctx, "webhook");
        webhooks.test(caller, caller.board().id(), id);
        web.done(ctx, base(caller) + "/" + id, "A webhook.test event is queued; it is sent within seconds.");
    }

    void resend(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        long id = Web.pathId(ctx, "webhook");
        WebhookDelivery again = webhooks.resend(caller, caller.board().id(), id, Web.pathId(ctx, "delivery"));
        web.done(ctx, base(caller) + "/" + id, "Delivery " + again.messageId() + " is sent again now.");
    }

    private static String base(Actor caller) {
        return "/boards/" + caller.board().id().value() + "/webhooks";
    }

    /** The ticked event types; none ticked is every type. */
    private static List<String> events(Context ctx) {
        List<String> ticked = ctx.formParams("events");
        return ticked.isEmpty() ? null : List.copyOf(ticked);
    }

    private static String description(Context ctx) {
        String given = ctx.formParam("description");
        return given == null ? "" : given.strip();
    }

    private static List<Option> choices(List<String> chosen) {
        return EventFilter.KNOWN.stream().sorted().map(type -> new Option(type, type, chosen.contains(type))).toList();
    }

    private static WebhookRow row(WebhookView w) {
        return new WebhookRow(w.id(), w.url().toString(), w.description() == null ? "" : w.description(), w.events(),
                w.preset(), w.enabled(), w.disabledReason() == null ? "" : w.disabledReason(),
                w.failingSince() == null ? "" : Format.when(w.failingSince()),
                w.previousSecretUntil() == null ? "" : Format.when(w.previousSecretUntil()), Format.when(w.createdAt()),
                choices(w.events()));
    }

    private static DeliveryRow delivery(WebhookDelivery d) {
        Integer status = d.lastStatus();
        return new DeliveryRow(d.id(), d.messageId(), d.type(), d.state().code(), d.attempts(),
                d.lastAttemptAt() == null ? "not yet" : Format.when(d.lastAttemptAt()),
                d.lastLatencyMillis() == null ? "" : d.lastLatencyMillis() + " ms",
                status == null ? (d.attempts() == 0 ? "" : "no answer") : status.toString(),
                status != null && status >= 200 && status < 300,
                d.lastResponse() == null ? "" : d.lastResponse(),
                d.nextAttemptAt() == null || d.state() != WebhookDelivery.State.PENDING ? "" : Format.when(d.nextAttemptAt()),
                d.deliveredAt() == null ? "" : Format.when(d.deliveredAt()));
    }
}
