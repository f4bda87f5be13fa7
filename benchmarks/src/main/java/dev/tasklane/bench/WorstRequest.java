package dev.tasklane.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@code worst_request_ms}: the time the server takes to answer the most expensive request body allowed
 * under the request caps.
 *
 * <p><b>Slot for the worst-case body.</b> {@link #WORST_BODY} is the body timed. Until the generator of the
 * worst body under the new request caps is merged, it is a goal with {@value #CHAIN} children each depending
 * on the previous one: replace the supplier with that generator (and the path if it is not a create).
 */
final class WorstRequest {
    static final int CHAIN = 200;
    /** The request path the body is posted to. */
    static final String PATH = "/api/tasks";
    /** THE SLOT: the worst-case body under the request caps. */
    static final Supplier<String> WORST_BODY = () -> chainedGoal(CHAIN);

    private WorstRequest() {
    }

    /** Milliseconds of each of {@code runs} posts of the worst body, slowest last. */
    static List<Double> time(Api api, int runs) throws Exception {
        List<Double> millis = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            String body = WORST_BODY.get();
            long began = System.nanoTime();
            Api.Answer answer = api.postRaw(PATH, body);
            double elapsed = (System.nanoTime() - began) / 1e6;
            if (answer.status() >= 500) {
                throw new IllegalStateException("the worst body got " + answer.status() + ": " + answer.body());
            }
            millis.add(elapsed);
        }
        millis.sort(Double::compare);
        return millis;
    }

    /** A goal whose children form one dependency chain: child i depends on child i - 1 (by index). */
    static String chainedGoal(int children) {
        List<Map<String, Object>> tasks = new ArrayList<>();
        for (int i = 0; i < children; i++) {
            Map<String, Object> child = new LinkedHashMap<>();
            child.put("title", "Chained step " + i);
            child.put("type", "work");
            if (i > 0) {
                child.put("dependencies", List.of(i - 1));
            }
            tasks.add(child);
        }
        Map<String, Object> goal = new LinkedHashMap<>();
        goal.put("title", "A goal of " + children + " chained steps");
        goal.put("type", "goal");
        goal.put("tasks", tasks);
        try {
            return Api.JSON.writeValueAsString(Map.of("task", goal));
        } catch (com.fasterxml.jackson.core.JsonProcessingException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
