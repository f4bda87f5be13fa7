package dev.tasklane.simulator;

import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.ClaimTaskUseCase.Claimed;
import dev.tasklane.application.port.in.CompleteTaskUseCase.Completed;
import dev.tasklane.application.port.in.HookEntry;
import dev.tasklane.application.port.in.MaintenanceUseCase;
import dev.tasklane.application.port.in.ReviewDecision;
import dev.tasklane.application.port.in.ReviewUseCase.Reviewed;
import dev.tasklane.application.port.in.SessionUseCase.NewActivity;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.in.UseCases;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.TasklaneException;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.session.ActivityKind;
import dev.tasklane.domain.task.ReviewStatus;
import dev.tasklane.domain.task.Status;

import java.util.List;
import java.util.Optional;

/**
 * The board through the real use cases over the store, as an agent, a reviewer and a person would call them over
 * HTTP: every call is a transaction with its history rows, events and session, checked by the application's rules.
 * Agents call by id once they hold a task (the claim's answer gives it); the claim goes by identifier, as
 * {@code next} answered it.
 */
final class UseCaseBoard implements Board {
    static final String QUESTION = "Should the empty input case be handled here, or is it out of scope?";
    static final String ANSWER = "Handle it here, with a test.";

    private final UseCases app;
    private final Team team;
    private final PlanOnBoard plan;
    private final TaskRef[] refs;
    /** The claim token of the task each agent holds (null after rework, when the agent completes by its assignment). */
    private final String[] tokens;
    private final String[] names;

    UseCaseBoard(UseCases app, Team team, PlanOnBoard plan) {
        this.app = app;
        this.team = team;
        this.plan = plan;
        this.refs = new TaskRef[plan.size()];
        for (int task = 0; task < refs.length; task++) {
            refs[task] = new TaskRef.ById(TaskId.of(plan.ids()[task]));
        }
        this.tokens = new String[team.agents().size()];
        this.names = new String[team.agents().size()];
        for (int agent = 0; agent < names.length; agent++) {
            names[agent] = Team.agentName(agent);
        }
    }

    @Override
    public int next(int agent) {
        Optional<TaskView> next = app.next().next(team.agents().get(agent), names[agent]);
        return next.isEmpty() ? NONE : plan.indexOf(next.get().task().identifier().toString());
    }

    @Override
    public boolean claim(int agent, int task) {
        Claimed claimed;
        try {
            claimed = app.claims().claim(team.agents().get(agent),
                    ClaimTask.of(plan.identifier(task), names[agent], Proofs.passed("before_doing")));
        } catch (ConflictException | ForbiddenException refused) {
            return false;
        }
        tokens[agent] = claimed.claimToken();
        return true;
    }

    @Override
    public void heartbeat(int agent, int task) {
        app.leases().heartbeat(team.agents().get(agent), refs[task], tokens[agent]);
    }

    @Override
    public Outcome complete(int agent, int task) {
        Completed completed;
        try {
            completed = app.completion().complete(team.agents().get(agent), refs[task],
                    Proofs.completion(names[agent], tokens[agent]));
        } catch (TasklaneException refused) {
            return Outcome.LOST;
        }
        if (completed.task().task().status() == Status.REVIEW) {
            return Outcome.REVIEW;
        }
        return done(completed.hooks());
    }

    @Override
    public void review(int reviewer, int task, boolean changesRequested) {
        app.reviews().review(team.reviewers().get(reviewer), refs[task],
                new ReviewDecision(changesRequested ? ReviewStatus.CHANGES_REQUESTED : ReviewStatus.APPROVED,
                        changesRequested ? "Handle the empty input case as well" : null));
    }

    @Override
    public Outcome markReviewed(int agent, int task) {
        Reviewed reviewed = app.reviews().markReviewed(team.agents().get(agent), refs[task],
                Proofs.passed("after_review"), names[agent]);
        if (reviewed.task().task().status() == Status.COMPLETED) {
            return done(reviewed.hooks());
        }
        tokens[agent] = null;
        return Outcome.REWORK;
    }

    @Override
    public void reportAfterGoal(int agent, int task) {
        app.afterGoal().report(team.agents().get(agent), new TaskRef.ById(TaskId.of(plan.goalIds()[plan.goalOf()[task]])),
                Proofs.AFTER_GOAL_PASSED);
    }

    @Override
    public void ask(int agent, int task) {
        app.sessions().post(team.agents().get(agent), refs[task],
                new NewActivity(ActivityKind.QUESTION.code(), QUESTION, tokens[agent], null, null, names[agent]));
    }

    @Override
    public void answer(int task) {
        app.sessions().post(team.admin(), refs[task], new NewActivity(ActivityKind.ANSWER.code(), ANSWER, null, null, null, null));
    }

    @Override
    public Swept sweep() {
        MaintenanceUseCase.Swept swept = app.maintenance().sweep();
        return new Swept(swept.claimsExpired(), swept.goalsFinished());
    }

    @Override
    public int completedGoals() {
        int completed = 0;
        for (long id : plan.goalIds()) {
            if (app.reads().get(team.admin(), new TaskRef.ById(TaskId.of(id))).task().status() == Status.COMPLETED) {
                completed++;
            }
        }
        return completed;
    }

    private static Outcome done(List<HookEntry> hooks) {
        for (HookEntry hook : hooks) {
            if (hook.name() == HookName.AFTER_GOAL) {
                return Outcome.DONE_AFTER_GOAL;
            }
        }
        return Outcome.DONE;
    }
}
