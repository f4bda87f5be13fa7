package dev.tasklane.application.service;

import java.time.Duration;
import java.util.Objects;

/**
 * The bounds of the forecasts a server computes when asked (docs/forecasting.md, "Off the request"): how many may
 * be running or waiting at once on the server and on one board, and how long a request waits for one before it is
 * answered 202 with where to ask again.
 *
 * @param inFlight forecasts running or queued on the server, 1 to 64 ({@value #DEFAULT_IN_FLIGHT}); one more is
 *                 refused 503 with {@code Retry-After}
 * @param perBoard forecasts running or queued for one board, 1 to {@code inFlight} ({@value #DEFAULT_PER_BOARD}); one
 *                 more is refused 429 with {@code Retry-After}
 * @param waitAtMost how long a request waits, without holding a thread, for a forecast still running (5 s); at most
 *                 30 s
 */
public record ForecastLimits(int inFlight, int perBoard, Duration waitAtMost) {
    public static final int DEFAULT_IN_FLIGHT = 4;
    public static final int DEFAULT_PER_BOARD = 2;
    public static final int MAX_IN_FLIGHT = 64;
    public static final Duration DEFAULT_WAIT = Duration.ofSeconds(5);
    public static final Duration MAX_WAIT = Duration.ofSeconds(30);

    public ForecastLimits {
        Objects.requireNonNull(waitAtMost, "waitAtMost");
        if (inFlight < 1 || inFlight > MAX_IN_FLIGHT) {
            throw new IllegalArgumentException("forecasts in flight are 1 to " + MAX_IN_FLIGHT + ", not " + inFlight);
        }
        if (perBoard < 1 || perBoard > inFlight) {
            throw new IllegalArgumentException("forecasts per board are 1 to " + inFlight + ", not " + perBoard);
        }
        if (waitAtMost.isNegative() || waitAtMost.compareTo(MAX_WAIT) > 0) {
            throw new IllegalArgumentException("a request waits 0 to " + MAX_WAIT.toSeconds() + " s for a forecast");
        }
    }

    public static ForecastLimits defaults() {
        return new ForecastLimits(DEFAULT_IN_FLIGHT, DEFAULT_PER_BOARD, DEFAULT_WAIT);
    }
}
