package dev.tasklane.adapter.web;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The duration charts of the metrics page are drawn in the unit their range reads best in. */
class FlowChartsUnitTest {
    @Test
    void minutesUnderTwoHoursHoursUnderTwoDaysThenDays() {
        assertEquals(FlowCharts.Unit.MINUTES, FlowCharts.Unit.forRange(Duration.ofSeconds(40)));
        assertEquals(FlowCharts.Unit.MINUTES, FlowCharts.Unit.forRange(Duration.ofMinutes(119)));
        assertEquals(FlowCharts.Unit.HOURS, FlowCharts.Unit.forRange(Duration.ofHours(2)));
        assertEquals(FlowCharts.Unit.DAYS, FlowCharts.Unit.forRange(Duration.ofHours(49)));
        assertEquals(0.67, FlowCharts.Unit.MINUTES.of(Duration.ofSeconds(40)));
        assertEquals(1.5, FlowCharts.Unit.HOURS.of(Duration.ofMinutes(90)));
        assertEquals(null, FlowCharts.Unit.DAYS.of(null));
    }
}
