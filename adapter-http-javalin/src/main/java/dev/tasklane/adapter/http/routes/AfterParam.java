package dev.tasklane.adapter.http.routes;

import dev.tasklane.adapter.http.error.RequestRefused;

/** The {@code after} query parameter of a page read oldest first: the id of the last item seen, 0 when absent. */
final class AfterParam {
    private AfterParam() {
    }

    /** @param item what the id names ("an activity", "a comment"), for the refusal's message */
    static long of(String raw, String item) {
        if (raw == null || raw.isEmpty()) {
            return 0;
        }
        try {
            long after = Long.parseLong(raw);
            if (after >= 0) {
                return after;
            }
        } catch (NumberFormatException notANumber) {
            // answered below
        }
        throw RequestRefused.invalid("after", "must be " + item + " id (the next_after of the previous page)");
    }
}
