package dev.tasklane.domain.forecast;

/**
 * The throughput-sampling forecast (docs/forecasting.md, "Beside it: throughput sampling"): each run draws a day's
 * throughput from the history's days until the target's open tasks are used up, ignoring dependencies, key files
 * and reviews. With a what-if number of agents, each drawn day is scaled by that number over the agents the
 * history had on a typical day.
 */
public final class ThroughputForecast {
    private ThroughputForecast() {
    }

    /** Each run's completion in milliseconds after now: the end of the day that used the open tasks up. */
    static long[] completions(int openTasks, FlowSample sample, ForecastSettings settings) {
        long[] completions = new long[settings.runs()];
        long[] days = sample.throughput();
        double scale = settings.agents() == null ? 1.0 : settings.agents() / (double) sample.typicalAgents();
        boolean any = false;
        for (long day : days) {
            any |= day > 0;
        }
        long horizonDays = ForecastEngine.NEVER / ForecastEngine.DAY;
        for (int run = 0; run < completions.length; run++) {
            long random = settings.seed() ^ (0xD1B54A32D192ED03L * (run + 1L));
            if (openTasks == 0) {
                completions[run] = 0;
                continue;
            }
            if (!any) {
                completions[run] = ForecastEngine.NEVER;
                continue;
            }
            double left = openTasks;
            long day = 0;
            while (left > 0 && day < horizonDays) {
                random += SplitMix.GOLDEN;
                left -= days[SplitMix.below(SplitMix.mix(random), days.length)] * scale;
                day++;
            }
            completions[run] = left > 0 ? ForecastEngine.NEVER : day * ForecastEngine.DAY;
        }
        return completions;
    }
}
