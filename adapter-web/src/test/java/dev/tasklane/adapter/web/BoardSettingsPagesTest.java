package dev.tasklane.adapter.web;

import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.testing.TaskCommands;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.wip.WipLimits;
import dev.tasklane.domain.wip.WipRule;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The board settings page sets the WIP limit on Doing; the board's header shows {@code n / limit}. */
class BoardSettingsPagesTest {

    @Test
    void aLimitSetOnTheSettingsPageShowsInTheHeaderAndRefusesTheClaimPastIt() {
        try (WebClient web = new WebClient()) {
            for (String title : new String[] {"one", "two"}) {
                web.tasklane.create().create(web.owner,
                        TaskCommands.create(Map.of("title", title, "type", "work", "priority", "medium"), null));
            }
            assertTrue(web.get(web.boardPath() + "/settings").body().contains("There is no WIP limit"));
            HttpResponse<String> bad = web.post(web.boardPath() + "/settings", Map.of("name", "Default", "wip_doing", "0"));
            assertEquals(422, bad.statusCode());
            assertTrue(bad.body().contains("WIP_LIMIT"), bad.body());
            HttpResponse<String> saved = web.post(web.boardPath() + "/settings", Map.of("name", "Default", "wip_doing", "1"));
            assertEquals(303, saved.statusCode(), saved.body());
            assertEquals(new WipLimits(1),
                    web.tasklane.boardSettings().settings(web.owner, web.board).wipLimits());

            HookResult proof = new HookResult(0, "ok", 10L);
            web.tasklane.claims().claim(web.owner, new ClaimTask("W1", "agent", proof, null));
            String board = web.get(web.boardPath()).body();
            assertTrue(board.contains("id=\"wip-doing\""), board);
            assertTrue(board.contains(">1 / 1<"), board);
            ConflictException refused = assertThrows(ConflictException.class,
                    () -> web.tasklane.claims().claim(web.owner, new ClaimTask("W2", "agent", proof, null)));
            assertEquals(WipRule.REACHED, refused.code());

            web.post(web.boardPath() + "/settings", Map.of("name", "Default", "wip_doing", ""));
            assertEquals(WipLimits.NONE, web.tasklane.boardSettings().settings(web.owner, web.board).wipLimits());
        }
    }
}
