package dev.tasklane.application.service;

import dev.tasklane.application.port.in.WebhooksUseCase;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.webhook.WebhookDelivery;

import java.time.Duration;
import java.util.List;

/** The webhook use cases of a {@code Tasklane} built without a webhook store: every call answers 404, webhooks off. */
final class NoWebhooks implements WebhooksUseCase {
    private static NotFoundException off() {
        return new NotFoundException("webhooks_off", "Webhooks are not available on this server");
    }

    @Override
    public Created create(Actor actor, BoardId boardId, NewWebhook webhook) {
        throw off();
    }

    @Override
    public List<WebhookView> list(Actor actor, BoardId boardId) {
        throw off();
    }

    @Override
    public WebhookView change(Actor actor, BoardId boardId, long webhookId, WebhookChange change) {
        throw off();
    }

    @Override
    public void delete(Actor actor, BoardId boardId, long webhookId) {
        throw off();
    }

    @Override
    public Created rotate(Actor actor, BoardId boardId, long webhookId, Duration overlap) {
        throw off();
    }

    @Override
    public WebhookDelivery test(Actor actor, BoardId boardId, long webhookId) {
        throw off();
    }

    @Override
    public List<WebhookDelivery> deliveries(Actor actor, BoardId boardId, long webhookId, int limit) {
        throw off();
    }

    @Override
    public WebhookDelivery resend(Actor actor, BoardId boardId, long webhookId, long deliveryId) {
        throw off();
    }
}
