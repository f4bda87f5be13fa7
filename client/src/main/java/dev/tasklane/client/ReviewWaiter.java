package dev.tasklane.client;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * Waits for the decision on a task in Review by listening to the board's event stream. The task is read once the
 * stream is open (a decision taken before is not missed), again on each of its events, and every
 * {@code recheck} in case an event was lost; a dropped stream is reopened.
 */
final class ReviewWaiter {
    private static final Set<String> RELEVANT = Set.of("task.reviewed", "task.done", "task.rework", "task.unclaimed",
            "task.claim_expired");

    private static final Duration RECONNECT_PAUSE = Duration.ofSeconds(1);

    private final TasklaneClient client;
    private final Duration recheck;

    ReviewWaiter(TasklaneClient client, Duration recheck) {
        this.client = client;
        this.recheck = recheck;
    }

    /** The task once it has a review decision or has left Review. */
    TaskData await(String identifier) throws InterruptedException {
        while (true) {
            try (EventSubscription events = client.events()) {
                TaskData task = client.show(identifier);
                while (!decided(task)) {
                    Optional<ServerEvent> event = events.next(recheck);
                    if (events.ended()) {
                        break;
                    }
                    if (event.isEmpty() || concerns(event.get(), identifier)) {
                        task = client.show(identifier);
                    }
                }
                if (decided(task)) {
                    return task;
                }
            }
            Thread.sleep(RECONNECT_PAUSE.toMillis());
        }
    }

    static boolean decided(TaskData task) {
        return !"review".equals(task.status()) || task.reviewStatus().isPresent();
    }

    private static boolean concerns(ServerEvent event, String identifier) {
        return identifier.equals(event.identifier()) && RELEVANT.contains(event.type());
    }
}
