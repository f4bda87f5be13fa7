package dev.tasklane.adapter.web.view;

import java.util.List;

/** What the metrics and agents pages show (docs/web.md, "Flow metrics"). */
public final class FlowViews {
    private FlowViews() {
    }

    /**
     * A key figure with its change against the previous window.
     *
     * @param trend "better", "worse" or "same" (how the change reads, for its colour); "" without a comparison
     */
    public record Tile(String id, String label, String value, String detail, String change, String trend) {
    }

    /** One agent's row. @param state the wire name; {@code stuck} rows are marked */
    public record AgentRow(String user, String agentName, String state, String stateLabel, long done, String cycleP50,
                           String reworkRate, String currentTask, String currentTaskHref, String leaseLeft,
                           String lastActivity, boolean releasable) {
        public boolean stuck() {
            return "stuck".equals(state);
        }
    }

    /** The filters kept in the URL: the window (or from/to), the time zone and the agent. */
    public record Filters(String window, String from, String to, String tz, String agent, List<Option> windows,
                          List<Option> agents, String query) {
    }

    /** The metrics page: tiles, charts (SVG, drawn by the server), the agents' table and the CSV link. */
    public record MetricsPage(Chrome chrome, String windowLabel, Filters filters, List<Tile> tiles, String throughputChart,
                              String cycleChart, String leadChart, String reviewChart, String flowChart,
                              List<AgentRow> agents, String csvHref) {
    }

    /** The agents page: every agent, stuck first. */
    public record AgentsPage(Chrome chrome, List<AgentRow> agents, boolean canRelease, String stuckAfter,
                             SessionViews.Working working) {
        public long stuckCount() {
            return agents.stream().filter(AgentRow::stuck).count();
        }
    }
}
