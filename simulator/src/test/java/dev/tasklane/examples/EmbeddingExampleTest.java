package dev.tasklane.examples;

import dev.tasklane.application.port.in.CompleteTaskUseCase.Completed;
import dev.tasklane.application.port.in.Created;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookProofRejectedException;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.selection.KeyFileHolder;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.application.port.in.ReviewUseCase.Reviewed;
import dev.tasklane.domain.task.ReviewStatus;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs the examples docs/embedding.md quotes, so that the documentation cannot drift from code that works. */
class EmbeddingExampleTest {
    private static final Instant NOW = Instant.parse("2026-03-02T10:00:00Z");

    @Test
    void theDomainAloneValidatesTasksAndProofsAndDecidesClaims() {
        Object spec = DomainOnlyExample.spec("Add login", "lib/auth.ex");
        assertEquals("Add login", ((TaskSpec) spec).title());
        assertEquals(List.of("must be a relative path, not absolute"), DomainOnlyExample.spec("Add login", "/etc/passwd"));

        HookResult proof = DomainOnlyExample.beforeDoing(HookResult.success("ok", 30));
        assertThrows(HookProofRejectedException.class,
                () -> DomainOnlyExample.beforeDoing(new HookResult(1, "tests failed", 30)));

        Task task = DomainOnlyExample.ready((TaskSpec) spec, 1, NOW);
        Task claimed = DomainOnlyExample.claim(task, DomainOnlyExample.agent(UserId.of(7)), proof, Map.of(), NOW);
        assertEquals(Status.IN_PROGRESS, claimed.status());
        assertEquals(NOW.plusSeconds(3600), claimed.claim().expiresAt());
        KeyFileHolder held = new KeyFileHolder("lib/auth.ex", new TaskIdentifier(TaskType.WORK, 2), "other-agent");
        assertThrows(ConflictException.class,
                () -> DomainOnlyExample.claim(task, DomainOnlyExample.agent(UserId.of(7)), proof, Map.of("lib/auth.ex", held), NOW));
    }

    @Test
    void anEmbeddedTasklaneRunsTheAgentLoopOverTheInMemoryStore() {
        EmbeddedTasklaneExample example = new EmbeddedTasklaneExample();
        Actor ada = example.enlistAgent("ada");
        Created login = example.planLogin();
        String form = login.children().get(0).task().identifier().toString();
        String check = login.children().get(1).task().identifier().toString();
        assertTrue(example.read(check).blocked());

        Completed first = example.workOnce(ada).orElseThrow();
        assertEquals(form, first.task().task().identifier().toString());
        assertEquals(Status.COMPLETED, first.task().task().status());
        assertEquals(List.of(HookName.AFTER_DOING, HookName.BEFORE_REVIEW, HookName.AFTER_REVIEW),
                first.hooks().stream().map(hook -> hook.name()).toList());

        Completed second = example.workOnce(ada).orElseThrow();
        assertEquals(check, second.task().task().identifier().toString());
        assertTrue(second.hooks().stream().anyMatch(hook -> hook.name() == HookName.AFTER_GOAL), "the goal's last task arms after_goal");
        assertTrue(example.workOnce(ada).isEmpty());
    }

    @Test
    void oneTaskLivesItsWholeLifeThroughTheTypedUseCases() {
        Reviewed done = TaskLifecycleExample.run();
        assertEquals(Status.COMPLETED, done.task().task().status());
        assertEquals(ReviewStatus.APPROVED, done.task().task().review().status());
        assertEquals(List.of(HookName.AFTER_REVIEW), done.hooks().stream().map(hook -> hook.name()).toList());
        assertNull(done.claimToken(), "an approved task is not sent back for rework");
    }
}
