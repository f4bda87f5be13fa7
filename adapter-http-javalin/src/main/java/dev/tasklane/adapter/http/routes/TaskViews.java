package dev.tasklane.adapter.http.routes;

import dev.tasklane.adapter.http.pipeline.Call;
import dev.tasklane.adapter.http.wire.FullTask;
import dev.tasklane.adapter.http.wire.TaskRender;
import dev.tasklane.adapter.http.wire.TaskSummary;
import dev.tasklane.adapter.http.wire.completion.ExplorerResultBody;
import dev.tasklane.adapter.http.wire.completion.ReviewerResultBody;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.Completion;

/**
 * Makes the task records of the wire ({@link FullTask}, {@link TaskSummary}), filling in a task's stored report
 * and diffs as the answer writes them.
 */
final class TaskViews {
    private TaskViews() {
    }

    /** The full record, {@code changed_files} included. */
    static FullTask full(TaskView view, Board board) {
        return FullTask.of(view, board, embedded(view, true));
    }

    /** The full record with the claim's token added last; a null token leaves the key out. */
    static FullTask withClaimToken(TaskView view, Board board, String claimToken) {
        return FullTask.of(view, board, embedded(view, true), claimToken);
    }

    /** The full record of a list row: {@code changed_files} only when the caller asked for it. */
    static FullTask row(TaskView view, Board board, boolean changedFiles) {
        return FullTask.of(view, board, embedded(view, changedFiles));
    }

    /** The summary when the caller asked for the slim view, else the full record. */
    static TaskRender asAsked(TaskView view, Call call) {
        return call.slim() ? TaskSummary.of(view) : full(view, call.board());
    }

    private static FullTask.Embedded embedded(TaskView view, boolean changedFiles) {
        Completion done = view.task().completion();
        AgentReport reported = done == null ? AgentReport.NONE : done.report();
        return new FullTask.Embedded(changedFiles ? view.task().changedFiles() : null, reported.workflowSteps(),
                ExplorerResultBody.of(reported.explorerResult()), ReviewerResultBody.of(reported.reviewerResult()));
    }
}
