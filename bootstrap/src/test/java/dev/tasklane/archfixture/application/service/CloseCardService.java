package dev.tasklane.archfixture.application.service;

import dev.tasklane.archfixture.domain.agent.BoardAccess;

import java.util.List;

/** Breaks scopeIsCheckedOncePerUseCase: the service checks the caller's write access before the runner does again. */
public final class CloseCardService {
    private final UseCaseRunner runner;

    public CloseCardService(UseCaseRunner runner) {
        this.runner = runner;
    }

    public List<String> close(String actor) {
        BoardAccess.requireWrite(actor);
        return runner.finish(actor, List.of("closed"));
    }
}
