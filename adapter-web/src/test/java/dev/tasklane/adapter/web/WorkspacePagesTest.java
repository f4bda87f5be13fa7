package dev.tasklane.adapter.web;

import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.SessionUseCase.NewActivity;
import dev.tasklane.application.testing.TaskCommands;
import dev.tasklane.application.usecase.BoardFixture;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.id.BoardId;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The workspace pages over two boards: the review queue merged oldest first, the questions and the working agents of
 * both, the metrics one row per board, and the board filter in the URL (a list, a board not one's own 404, a bad or
 * too long list 422).
 */
class WorkspacePagesTest {

    private static String create(WebClient web, Actor on, String title, boolean review) {
        return web.tasklane.create().create(on, TaskCommands.create(Map.of("title", title, "type", "work",
                "priority", "medium", "needs_review", review), null)).root().task().identifier().toString();
    }

    private static String inReview(WebClient web, Actor on, String title) {
        String id = create(web, on, title, true);
        web.tasklane.claims().claim(on, new ClaimTask(id, "agent", new HookResult(0, "ok", 10L), null));
        web.tasklane.completion().complete(on, BoardFixture.ref(id), BoardFixture.completion());
        return id;
    }

    @Test
    void theWorkspaceShowsEveryBoardOfThePersonFilteredByTheUrl() throws Exception {
        try (WebClient web = new WebClient()) {
            BoardId second = web.tasklane.identity().createBoard(web.owner, "Second").id();
            Actor there = web.tasklane.identity().actAs("admin", second, null);
            String older = inReview(web, there, "Reviewed over there");
            Thread.sleep(5);
            String newer = inReview(web, web.owner, "Reviewed here");
            String asking = create(web, there, "Asks a question", false);
            String token = web.tasklane.claims().claim(there, new ClaimTask(asking, "claude-1",
                    new HookResult(0, "ok", 10L), null)).claimToken();
            web.tasklane.sessions().post(there, BoardFixture.ref(asking), new NewActivity("question",
                    "Which module, a or b?", token, null, null, null));

            String review = web.get("/workspace/review").body();
            assertTrue(review.contains("Reviewed over there") && review.contains("Reviewed here"), review);
            assertTrue(review.indexOf("Reviewed over there") < review.indexOf("Reviewed here"), "oldest first");

            String here = web.get("/workspace/review?board=" + web.board.value()).body();
            assertTrue(here.contains("Reviewed here") && !here.contains("Reviewed over there"), here);
            String both = web.get("/workspace/review?board=" + web.board.value() + "," + second.value()).body();
            assertTrue(both.contains("Reviewed here") && both.contains("Reviewed over there"));
            assertTrue(both.contains("href=\"/workspace/questions?board=" + web.board.value() + "," + second.value()
                    + "\""), "the sub-navigation keeps the filter");

            String questions = web.get("/workspace/questions").body();
            assertTrue(questions.contains("id=\"question-" + asking + "\"") && questions.contains("Which module, a or b?"));
            assertFalse(web.get("/workspace/questions?board=" + web.board.value()).body().contains("Which module"));

            String agents = web.get("/workspace/agents").body();
            assertTrue(agents.contains("id=\"working-" + asking + "\"") && agents.contains("Second"), agents);
            String metrics = web.get("/workspace/metrics?window=7d").body();
            assertTrue(metrics.contains("/boards/" + second.value() + "/metrics?window=7d")
                    && metrics.contains("/boards/" + web.board.value() + "/metrics?window=7d"), metrics);
            assertTrue(older.length() > 0 && newer.length() > 0);

            HttpResponse<String> stranger = web.get("/workspace/review?board=9999");
            assertEquals(404, stranger.statusCode());
            assertTrue(stranger.body().contains("Board 9999 is not one of your boards"));
            HttpResponse<String> bad = web.get("/workspace/agents?board=one");
            assertEquals(422, bad.statusCode());
            assertTrue(bad.body().contains("board must list board numbers"), bad.body());
            String many = IntStream.rangeClosed(1, WorkspacePages.MAX_BOARDS + 1).mapToObj(Integer::toString)
                    .collect(Collectors.joining(","));
            assertEquals(422, web.get("/workspace/metrics?board=" + many).statusCode());
        }
    }
}
