/**
 * Delivery forecasts (docs/forecasting.md): when the open tasks of a target will be done, by a Monte Carlo
 * simulation of the board's own rules over those tasks ({@link dev.tasklane.domain.forecast.ForecastEngine}),
 * drawing from the board's history ({@link dev.tasklane.domain.forecast.FlowSample}, made from the flow report
 * of the metrics page), with the throughput-sampling forecast beside it
 * ({@link dev.tasklane.domain.forecast.ThroughputForecast}). Pure functions: no store, no clock, no HTTP.
 */
package dev.tasklane.domain.forecast;
