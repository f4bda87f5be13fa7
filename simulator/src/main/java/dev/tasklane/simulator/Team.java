package dev.tasklane.simulator;

import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.application.port.in.TokensUseCase.TokenRequest;
import dev.tasklane.application.port.out.DirectoryStore;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.application.service.Secrets;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.User;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The simulated people: an admin who plans and assigns, the agents, and the reviewers. Each gets an API token
 * through the identity use case and acts as the actor that token authenticates to, exactly as over HTTP.
 * Users are written straight into the directory store with sign-in disabled, because hashing a password per
 * simulated user (PBKDF2) would cost more than the whole simulation of a small team.
 */
record Team(Actor admin, List<Actor> agents, List<Actor> reviewers) {

    static Team enlist(IdentityUseCase identity, DirectoryStore directory, Transactions transactions, Clock clock,
                       int agents, int reviewers) {
        String adminSecret = Secrets.newToken();
        identity.bootstrap(adminSecret);
        Actor admin = identity.authenticate(adminSecret, "simulator");
        List<Actor> agentActors = new ArrayList<>(agents);
        for (int i = 0; i < agents; i++) {
            agentActors.add(member(identity, directory, transactions, clock, admin, agentName(i), false));
        }
        List<Actor> reviewerActors = new ArrayList<>(reviewers);
        for (int i = 0; i < reviewers; i++) {
            reviewerActors.add(member(identity, directory, transactions, clock, admin, "reviewer-" + i, true));
        }
        return new Team(admin, List.copyOf(agentActors), List.copyOf(reviewerActors));
    }

    static String agentName(int agent) {
        return "agent-" + agent;
    }

    private static Actor member(IdentityUseCase identity, DirectoryStore directory, Transactions transactions,
                                Clock clock, Actor admin, String username, boolean reviewer) {
        transactions.inTransaction(() -> directory.insertUser(
                new User(UserId.UNASSIGNED, username, username, Secrets.NO_PASSWORD, Role.MEMBER, clock.instant(), null)));
        identity.putMember(admin, admin.board().id(), username, Access.MODIFY);
        IdentityUseCase.IssuedToken token = identity.createToken(admin,
                new TokenRequest(username + "-token", username, null, Set.of(), "simulated", reviewer, null));
        return identity.authenticate(token.secret(), username);
    }
}
