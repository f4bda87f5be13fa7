package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.forecast.Forecast;
import dev.tasklane.domain.forecast.TeamProfile;
import dev.tasklane.domain.targets.TargetId;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * When a target will be done (docs/forecasting.md): the simulation of its open tasks over the board's own
 * history, with the throughput-sampling forecast beside it. Read access.
 */
public interface TargetForecastUseCase {
    /**
     * The forecast asked for, never computed on the calling thread (docs/forecasting.md, "Off the request"): the
     * kept one at once when its inputs have not moved, otherwise one computed on the server's forecast worker. The
     * future completes with the forecast, with empty when it still runs after the server's wait (it goes on and is
     * kept: ask again), or exceptionally with the refusals below. The inputs are read, and checked, before this
     * returns.
     *
     * @throws ForecastsBusy                                   when the server or the board has as many forecasts
     *                                                         running or queued as it may
     * @throws dev.tasklane.domain.error.InvalidInputException 422 {@code insufficient_history} with fewer than ten
     *                                                         tasks finished in the window; {@code invalid_param}
     *                                                         naming a bad runs, agents, reviewers or window
     */
    CompletableFuture<Optional<Forecast>> forecastAsync(Actor actor, TargetId targetId, ForecastQuery query);

    /**
     * The forecast asked for, for an embedder that may wait: the kept one when its inputs have not moved,
     * otherwise computed on the calling thread (and kept, as {@link #forecastAsync} keeps it).
     *
     * @throws dev.tasklane.domain.error.InvalidInputException 422 {@code insufficient_history} with fewer than ten
     *                                                         tasks finished in the window; {@code invalid_param}
     *                                                         naming a bad runs, agents, reviewers or window
     */
    Forecast forecast(Actor actor, TargetId targetId, ForecastQuery query);

    /** The forecast drawn from a team file's figures instead of the board's history. */
    Forecast forecastWithTeam(Actor actor, TargetId targetId, ForecastQuery query, TeamProfile team);

    /**
     * What a forecast is asked for, as sent; each may be null for its default.
     *
     * @param runs      simulated runs, 1 to 10,000 (1,000)
     * @param agents    agents instead of the history's
     * @param reviewers reviewers instead of the history's
     * @param window    the history's window, as the flow figures take it ("30d")
     */
    record ForecastQuery(Integer runs, Integer agents, Integer reviewers, String window) {
        /** The window a forecast draws from unless asked. */
        public static final String DEFAULT_WINDOW = "30d";

        public static ForecastQuery defaults() {
            return new ForecastQuery(null, null, null, null);
        }

        public boolean isDefault() {
            return runs == null && agents == null && reviewers == null && (window == null || window.isBlank());
        }
    }

    /**
     * A forecast refused because as many are running or queued as the server ({@link Reach#SERVER}) or the
     * board ({@link Reach#BOARD}) may have; nothing was queued. Ask again after {@link #retryAfterSeconds()}.
     */
    final class ForecastsBusy extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** Whose cap was reached. */
        public enum Reach { SERVER, BOARD }

        private final Reach reach;
        private final long retryAfterSeconds;

        public ForecastsBusy(Reach reach, int inFlight, long retryAfterSeconds) {
            super((reach == Reach.SERVER ? "The server is computing as many forecasts as it may (" + inFlight
                    + " running or queued)" : "This board has as many forecasts running or queued as it may ("
                    + inFlight + ")") + ": ask again in " + retryAfterSeconds + " s; the target's default forecast"
                    + " stays readable with the target meanwhile.", null, false, false);
            this.reach = reach;
            this.retryAfterSeconds = retryAfterSeconds;
        }

        public Reach reach() {
            return reach;
        }

        public long retryAfterSeconds() {
            return retryAfterSeconds;
        }
    }
}
