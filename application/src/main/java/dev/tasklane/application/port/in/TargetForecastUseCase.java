package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.forecast.Forecast;
import dev.tasklane.domain.forecast.TeamProfile;
import dev.tasklane.domain.targets.TargetId;

/**
 * When a target will be done (docs/forecasting.md): the simulation of its open tasks over the board's own
 * history, with the throughput-sampling forecast beside it. Read access.
 */
public interface TargetForecastUseCase {
    /**
     * The forecast asked for: the cached one when the request is the default and the cache is fresh, otherwise
     * computed now (and cached when it is the default).
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
}
