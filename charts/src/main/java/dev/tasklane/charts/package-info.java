/**
 * Server-rendered SVG charts: {@link dev.tasklane.charts.SvgCharts#bars}, {@link dev.tasklane.charts.SvgCharts#lines}
 * and {@link dev.tasklane.charts.SvgCharts#stackedArea}. Every chart has a title, axes with their units, a text
 * alternative ({@code <title>} and {@code <desc>}) and a {@code viewBox}, so that it scales to a phone's width.
 * Plain Java, no dependency: the web pages and the simulator's report draw with the same code.
 */
package dev.tasklane.charts;
