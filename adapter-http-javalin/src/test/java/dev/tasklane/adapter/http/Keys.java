package dev.tasklane.adapter.http;

import java.util.Set;

/**
 * The exact key sets clients read (docs/api.md, "Task renders"), plus Tasklane's blocked/blocked_by. The sets of the
 * shapes whose order is pinned are taken from {@link WireOrderTest}, so that a key is named once.
 */
final class Keys {
    static final Set<String> FULL = Set.copyOf(WireOrderTest.FULL);
    static final Set<String> SUMMARY = Set.copyOf(WireOrderTest.SUMMARY);
    static final Set<String> ACK = Set.of("id", "identifier", "title", "status", "parent_id", "needs_review",
            "review_status", "complexity", "priority");
    static final Set<String> GOAL = Set.copyOf(WireOrderTest.GOAL);
    static final Set<String> HOOK = Set.copyOf(WireOrderTest.HOOK);

    private Keys() {
    }
}
