package dev.tasklane.application.service;

import dev.tasklane.application.port.in.GithubUseCase;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.id.BoardId;

/** The GitHub use cases of a {@code Tasklane} built without a GitHub store: every call answers 404. */
final class NoGithub implements GithubUseCase {
    private static NotFoundException off() {
        return new NotFoundException("github_off", "GitHub issues are not available on this server");
    }

    @Override
    public GithubView connect(Actor actor, BoardId boardId, Connect request) {
        throw off();
    }

    @Override
    public Received receive(BoardId boardId, Delivery delivery, Parser parser) {
        throw off();
    }
}
