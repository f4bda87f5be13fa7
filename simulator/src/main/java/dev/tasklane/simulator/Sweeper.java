package dev.tasklane.simulator;

/**
 * What happens each time the simulated clock moves: the move is logged, the maintenance sweep runs until it
 * has nothing left to do (as the server's background job would within the step), the progress bar is redrawn,
 * and a run in which no task has reached Done for {@link #STALL_STEPS} steps is stopped (a broken store can
 * leave agents taking tasks from each other forever).
 */
final class Sweeper implements Runnable {
    static final int STALL_STEPS = 500;

    private final Board board;
    private final SimulatedClock clock;
    private final EventLog log;
    private final Metrics metrics;
    private final ProgressBar progress;
    private final int tasks;
    private StepScheduler scheduler;
    private long doneAtLastProgress;
    private int stepsWithoutProgress;
    private boolean stalled;

    Sweeper(Board board, SimulatedClock clock, EventLog log, Metrics metrics, ProgressBar progress, int tasks) {
        this.board = board;
        this.clock = clock;
        this.log = log;
        this.metrics = metrics;
        this.progress = progress;
        this.tasks = tasks;
    }

    /** The scheduler to stop when the run stalls; set once, before the participants start. */
    void stops(StepScheduler stoppable) {
        this.scheduler = stoppable;
    }

    boolean stalled() {
        return stalled;
    }

    @Override
    public void run() {
        log.record(log.mark(), clock.instant(), LogEvent.SIMULATION, LogEvent.Kind.CLOCK, null);
        Board.Swept swept;
        do {
            swept = board.sweep();
            metrics.expiredBySweeper.add(swept.claimsExpired());
            metrics.transitions.add(swept.changes());
        } while (swept.changes() > 0);
        long done = metrics.tasksDone.sum();
        progress.update(done, tasks);
        stepsWithoutProgress = done == doneAtLastProgress ? stepsWithoutProgress + 1 : 0;
        doneAtLastProgress = done;
        if (stepsWithoutProgress >= STALL_STEPS && done < tasks) {
            stalled = true;
            scheduler.stop();
        }
    }
}
