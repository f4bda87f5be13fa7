package dev.tasklane.application.port.in;

/**
 * What a person or a script asks the flow figures for, as sent (docs/api.md, "Flow metrics"): a window
 * ({@code "14d"}, the default) or {@code from} and {@code to} dates, a time zone ({@code tz}, UTC by default) and
 * an agent name to narrow the figures to. Each may be null. A bad value is refused with 422 {@code invalid_param}
 * naming it.
 */
public record MetricsRequest(String window, String from, String to, String tz, String agent) {
    /** The default: the last 14 days in UTC, every agent. */
    public static MetricsRequest defaults() {
        return new MetricsRequest(null, null, null, null, null);
    }
}
