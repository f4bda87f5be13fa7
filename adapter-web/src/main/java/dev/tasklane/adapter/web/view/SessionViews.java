package dev.tasklane.adapter.web.view;

import java.util.List;

/**
 * What the supervision pages show (docs/web.md, "Supervising agents"): a task's live session, the questions queue and
 * the working agents on the agents page.
 */
public final class SessionViews {
    private SessionViews() {
    }

    /**
     * One activity of a session's log.
     *
     * @param kind     the wire name (thought, action, progress, error, question, answer, instruction, stop)
     * @param by       who posted it: the agent's name for the holder's kinds, the person's otherwise
     * @param progress "3 of 10" for a progress activity, else null
     */
    public record ActivityRow(long id, String kind, String kindLabel, List<String> lines, String by, String at,
                              String progress) {
    }

    /** A stop: who, why, when, and when its grace period ends. */
    public record StopRow(String by, String reason, String at, String graceEnds) {
    }

    /**
     * A task's session panel on its task page, refreshed live. {@code present} is false for a task that never had a
     * session (nothing else is then shown).
     *
     * @param state        the session's state, by its wire name ("working", "awaiting_input", ...)
     * @param open         whether the session is open: it may be answered, instructed and (unless stopping) stopped
     * @param canSupervise whether the reader may stop, answer and instruct (a member holding {@code tasks:review})
     */
    public record SessionPanel(boolean present, String identifier, String state, String stateLabel, String agent,
                               String holder, String started, String lastHeard, String awaited, String ended,
                               StopRow stop, long posted, long dropped, long questions, List<ActivityRow> activities,
                               boolean open, boolean canSupervise, String csrf, String actionBase,
                               String fragmentHref, String eventsHref, int bodyMax, int reasonMax) {
        public SessionPanel {
            activities = activities == null ? List.of() : List.copyOf(activities);
        }

        public boolean awaiting() {
            return "awaiting_input".equals(state);
        }

        public boolean stoppable() {
            return open && canSupervise && stop == null;
        }
    }

    /**
     * A session awaiting input, in the questions queue: the task, the agent, how long it has waited and its open
     * questions, oldest first.
     */
    public record QuestionRow(String board, String identifier, String title, String href, String agent, String holder,
                              String waiting, String askedAt, List<ActivityRow> questions, String actionBase,
                              boolean canAnswer) {
    }

    /** The questions queue: every session awaiting input, oldest question first. */
    public record QuestionsPage(Chrome chrome, List<QuestionRow> rows, boolean workspace, List<Option> boards,
                                String csrf, String here, int bodyMax, String eventsHref) {
    }

    /**
     * A working agent's session, on the agents page, with what a person with authority may do there.
     *
     * @param question the first open question, or null
     */
    public record WorkingRow(String board, String identifier, String title, String href, String agent, String holder,
                             String state, String stateLabel, String question, String lastHeard, String started,
                             String actionBase, boolean canSupervise, boolean stoppable, String priority,
                             List<Option> priorities, List<Option> assignees) {
    }

    /** The working agents' section of the agents page. */
    public record Working(List<WorkingRow> rows, String csrf, String here, int reasonMax) {
        public long awaitingCount() {
            return rows.stream().filter(r -> "awaiting_input".equals(r.state())).count();
        }
    }
}
