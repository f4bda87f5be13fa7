package dev.tasklane.adapter.web;

import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.testing.TaskCommands;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A task's comment thread in the browser, without JavaScript: post, read with line breaks and no HTML, delete. */
class CommentPagesTest {

    @Test
    void aPersonCommentsAndSeesAnAgentsCommentInTheThread() {
        try (WebClient web = new WebClient()) {
            web.tasklane.create().create(web.owner,
                    TaskCommands.create(Map.of("title", "Discussed", "type", "work", "priority", "medium"), null));
            String task = web.boardPath() + "/tasks/W1";
            assertTrue(web.get(task).body().contains("No comments yet."));

            HttpResponse<String> empty = web.post(task + "/comments", Map.of("body", "  "));
            assertEquals(422, empty.statusCode());
            HttpResponse<String> posted = web.post(task + "/comments", Map.of("body", "First line\n<script>x()</script>"));
            assertEquals(303, posted.statusCode(), posted.body());
            String page = web.get(task).body();
            assertTrue(page.contains("First line<br>&lt;script&gt;x()&lt;/script&gt;<br>"), page);
            assertFalse(page.contains("<script>x()"), "no HTML passes through");

            web.tasklane.comments().post(web.owner, TaskRef.parse("W1"), "Agent here", "claude-1");
            String fragment = web.get(task + "/comments").body();
            assertTrue(fragment.startsWith("<section class=\"card-panel comments\" id=\"comments\""), fragment);
            assertTrue(fragment.contains("Agent here") && fragment.contains("(agent claude-1)"), fragment);

            long first = web.tasklane.comments().list(web.owner, TaskRef.parse("W1"), 0, 10).comments().get(0)
                    .comment().commentId();
            HttpResponse<String> deleted = web.post(task + "/comments/" + first + "/delete", Map.of());
            assertEquals(303, deleted.statusCode(), deleted.body());
            assertEquals(1, web.tasklane.comments().list(web.owner, TaskRef.parse("W1"), 0, 10).comments().size());
        }
    }
}
