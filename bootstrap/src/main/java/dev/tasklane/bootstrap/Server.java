package dev.tasklane.bootstrap;

import dev.tasklane.adapter.http.HttpApi;
import dev.tasklane.adapter.http.HttpSettings;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.service.CompletionMode;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.service.onboarding.OnboardingService;
import dev.tasklane.domain.workflow.WorkflowLimits;
import io.javalin.Javalin;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Wires the server from a {@link ServerConfig}: stores, the {@link Tasklane} use cases with the onboarding
 * document, bootstrap of the first admin, the lease sweeper, and the Javalin HTTP API.
 */
public final class Server {
    private static final Logger LOG = LoggerFactory.getLogger(Server.class);

    private Server() {
    }

    /** What start-up did, for the banner. */
    public record Started(RunningServer server, String baseUrl, IdentityUseCase.Bootstrap bootstrap) {
    }

    /** Starts the server; the caller closes the returned server. */
    public static Started start(ServerConfig config) {
        WorkflowLimits limits = WorkflowLimits.defaults().withClaimTtl(config.claimTtl())
                .withAfterGoalGrace(config.afterGoalGrace());
        InMemoryStores stores = InMemoryStores.create();
        Tasklane tasklane = Tasklane.builder()
                .stores(stores.tasks(), stores.directory(), stores.transactions())
                .limits(limits)
                .completionMode(CompletionMode.valueOf(config.completionValidation().name()))
                .onboarding(new OnboardingService(limits, config.completionValidation()))
                .storeName(config.store().wire())
                .build();
        // With a bootstrap token, bootstrap before listening so the token works from the first request. Without
        // one nobody can authenticate yet, so listen first and hash the one-time admin password afterwards:
        // the slow salted hash stays off the time to a healthy server.
        boolean tokenGiven = config.bootstrapToken() != null && !config.bootstrapToken().isBlank();
        IdentityUseCase.Bootstrap early = tokenGiven ? tasklane.identity().bootstrap(config.bootstrapToken()) : null;
        ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "tasklane-sweeper");
            thread.setDaemon(true);
            return thread;
        });
        long every = limits.sweepInterval().toMillis();
        sweeper.scheduleWithFixedDelay(() -> sweep(tasklane), every, every, TimeUnit.MILLISECONDS);
        Javalin http = HttpApi.create(tasklane, HttpSettings.defaults(config.baseUrl()));
        try {
            http.start(config.port());
        } catch (RuntimeException failed) {
            sweeper.shutdownNow();
            throw failed;
        }
        IdentityUseCase.Bootstrap bootstrap = tokenGiven ? early : tasklane.identity().bootstrap(null);
        String baseUrl = config.port() == 0 ? "http://localhost:" + http.port() : config.baseUrl();
        return new Started(new RunningServer(http, sweeper), baseUrl, bootstrap);
    }

    private static void sweep(Tasklane tasklane) {
        try {
            var swept = tasklane.maintenance().sweep();
            if (swept.claimsExpired() > 0 || swept.goalsFinished() > 0) {
                LOG.info("Sweep: {} expired claim(s) returned to Ready, {} goal(s) finished",
                        swept.claimsExpired(), swept.goalsFinished());
            }
        } catch (RuntimeException failure) {
            LOG.error("Sweep failed; it runs again at the next interval", failure);
        }
    }
}
