package dev.tasklane.adapter.web;

import dev.tasklane.application.testing.TaskCommands;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The board's arrow buttons reorder Ready without JavaScript, and next follows. */
class OrderingPagesTest {

    private static String next(WebClient web) {
        return web.tasklane.next().next(web.owner).orElseThrow().task().identifier().toString();
    }

    @Test
    void theArrowsMoveAReadyTaskAndNextFollows() {
        try (WebClient web = new WebClient()) {
            for (String title : new String[] {"one", "two", "three"}) {
                web.tasklane.create().create(web.owner,
                        TaskCommands.create(Map.of("title", title, "type", "work", "priority", "medium"), null));
            }
            assertTrue(web.get(web.boardPath()).body().contains("id=\"up-W3\""));
            assertEquals("W1", next(web));
            HttpResponse<String> up = web.post(web.boardPath() + "/tasks/W2/move", Map.of("direction", "up"));
            assertEquals(303, up.statusCode(), up.body());
            assertEquals("W2", next(web));
            web.post(web.boardPath() + "/tasks/W2/move", Map.of("direction", "down"));
            assertEquals("W1", next(web));
            assertEquals(422, web.post(web.boardPath() + "/tasks/W2/move", Map.of("direction", "sideways")).statusCode());
        }
    }
}
