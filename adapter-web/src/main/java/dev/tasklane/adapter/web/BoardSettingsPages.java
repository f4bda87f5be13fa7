package dev.tasklane.adapter.web;

import dev.tasklane.adapter.web.view.BoardSettingsPage;
import dev.tasklane.adapter.web.view.Chrome;
import dev.tasklane.application.port.in.BoardSettingsUseCase;
import dev.tasklane.application.port.in.BoardSettingsUseCase.BoardChange;
import dev.tasklane.application.port.in.BoardSettingsUseCase.BoardSettings;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.application.port.in.Patch;
import dev.tasklane.application.port.in.CallerUseCase;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.wip.WipLimits;
import io.javalin.http.Context;

/** A board's settings page: its name and the WIP limit on Doing, with the rules of {@code PATCH /api/boards/:id}. */
final class BoardSettingsPages {
    private final Web web;
    private final CallerUseCase identity;
    private final BoardSettingsUseCase settings;

    BoardSettingsPages(Web web, CallerUseCase identity, BoardSettingsUseCase settings) {
        this.web = web;
        this.identity = identity;
        this.settings = settings;
    }

    void page(Context ctx) {
        Actor person = web.person(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        BoardSettings current = settings.settings(person, caller.board().id());
        Chrome chrome = web.chrome(ctx, person, "Settings · " + caller.board().name(), caller.board(), "settings");
        Integer doing = current.wipLimits().doing();
        web.render(ctx, "board_settings.jte", new BoardSettingsPage(chrome, current.board().name(),
                doing == null ? "" : doing.toString(), current.doing(), person.admin() || caller.boardOwner(),
                WipLimits.MAX_DOING));
    }

    void save(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        String raw = Web.optional(ctx, "wip_doing");
        WipLimits limits;
        try {
            limits = raw == null || raw.isBlank() ? WipLimits.NONE : new WipLimits(Integer.valueOf(raw.strip()));
        } catch (NumberFormatException notANumber) {
            throw new InvalidInputException(WipLimits.INVALID, "The WIP limit on Doing must be a whole number from 1 to "
                    + WipLimits.MAX_DOING + ", or empty for no limit", new ErrorDetails.Field("wip_doing"));
        }
        BoardSettings saved = settings.configure(caller, caller.board().id(),
                new BoardChange(Patch.to(Web.required(ctx, "name", "A board name")), Patch.to(limits)));
        web.done(ctx, "/boards/" + caller.board().id().value() + "/settings", "Saved. "
                + (saved.wipLimits().limited() ? "Doing is limited to " + saved.wipLimits().doing() + " tasks."
                : "Doing has no WIP limit."));
    }
}
