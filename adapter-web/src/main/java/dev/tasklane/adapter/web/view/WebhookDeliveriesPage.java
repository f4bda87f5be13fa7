package dev.tasklane.adapter.web.view;

import java.util.List;

/** One subscription's delivery log, newest first, with its send-again and test buttons. */
public record WebhookDeliveriesPage(Chrome chrome, WebhooksPage.WebhookRow webhook, List<DeliveryRow> deliveries,
                                    int max) {
    public WebhookDeliveriesPage {
        deliveries = List.copyOf(deliveries);
    }

    /**
     * One delivery: the last attempt's time, latency, status ("" when none came: refused, timed out) and the first
     * bytes of the answer or the error; the next attempt while it is pending; when it was delivered.
     */
    public record DeliveryRow(long id, String messageId, String type, String state, int attempts, String lastAttempt,
                              String latency, String status, boolean ok, String response, String nextAttempt,
                              String delivered) {
    }
}
