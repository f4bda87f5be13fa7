package dev.tasklane.simulator;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;

/**
 * Checks the simulator's own event log against what the service promises. Each check only reports what the log
 * proves beyond doubt: a change took effect somewhere inside its call, so two holds overlap only if their
 * certain stretches ({@link Hold}) do.
 */
final class InvariantChecker {
    static final String SINGLE_HOLDER = "single-holder";
    static final String DONE_ONCE = "done-once";
    static final String DEPENDENCIES_FIRST = "dependencies-first";
    static final String KEY_FILES_EXCLUSIVE = "key-files-exclusive";

    private final Map<String, TaskFacts> tasks;
    private final Duration claimTtl;

    /**
     * @param tasks    every claimable task of the plan, by identifier
     * @param claimTtl the lease the service was configured with: an abandoned claim lasts this long
     */
    InvariantChecker(Map<String, TaskFacts> tasks, Duration claimTtl) {
        // a hash map rather than Map.copyOf: at a million identifiers the immutable map's probing was a tenth of the
        // check's samples (docs/simulator.md, "Speed and memory of a run")
        this.tasks = Collections.unmodifiableMap(new HashMap<>(tasks));
        this.claimTtl = claimTtl;
    }

    List<InvariantResult> check(List<LogEvent> events) {
        return check(events, Runnable::run);
    }

    /**
     * The same, the four checks side by side on {@code workers}: each only reads the log and the holds, so their
     * answers do not depend on how the workers interleave.
     */
    List<InvariantResult> check(List<LogEvent> events, Executor workers) {
        CompletableFuture<InvariantResult> doneOnce = CompletableFuture.supplyAsync(() -> doneOnce(events), workers);
        CompletableFuture<InvariantResult> dependenciesFirst = CompletableFuture.supplyAsync(() -> dependenciesFirst(events), workers);
        CompletableFuture<List<Hold>> holds = CompletableFuture.supplyAsync(() -> Hold.from(events, claimTtl), workers);
        CompletableFuture<InvariantResult> singleHolder = holds.thenApplyAsync(this::singleHolder, workers);
        CompletableFuture<InvariantResult> keyFilesExclusive = holds.thenApplyAsync(this::keyFilesExclusive, workers);
        return List.of(singleHolder.join(), doneOnce.join(), dependenciesFirst.join(), keyFilesExclusive.join());
    }

    private InvariantResult singleHolder(List<Hold> holds) {
        Map<String, List<Hold>> byTask = new HashMap<>();
        holds.forEach(hold -> byTask.computeIfAbsent(hold.task(), task -> new ArrayList<>()).add(hold));
        Violations found = new Violations();
        byTask.forEach((task, taskHolds) -> overlapping(taskHolds, (earlier, later) -> found.add(task + ": "
                + Team.agentName(later.agent()) + " claimed it while " + Team.agentName(earlier.agent()) + " still held it")));
        return found.result(SINGLE_HOLDER, "no task is held in Doing by two claims at once");
    }

    private InvariantResult doneOnce(List<LogEvent> events) {
        Map<String, Integer> done = new HashMap<>();
        events.stream().filter(e -> e.kind() == LogEvent.Kind.DONE).forEach(e -> done.merge(e.task(), 1, Integer::sum));
        // only the tasks that break the rule are sorted (W2 before W10), for the examples' order: sorting a million
        // identifiers to find none was half of this check's samples at a million tasks
        List<String> wrong = new ArrayList<>();
        for (String task : tasks.keySet()) {
            if (done.getOrDefault(task, 0) != 1) {
                wrong.add(task);
            }
        }
        wrong.sort(Comparator.comparingInt(String::length).thenComparing(Comparator.naturalOrder()));
        Violations found = new Violations();
        for (String task : wrong) {
            found.add(task + " reached Done " + done.getOrDefault(task, 0) + " times");
        }
        return found.result(DONE_ONCE, "every task of the plan reaches Done exactly once");
    }

    private InvariantResult dependenciesFirst(List<LogEvent> events) {
        Map<String, LogEvent> firstClaim = first(events, LogEvent.Kind.CLAIMED);
        Map<String, LogEvent> firstDone = first(events, LogEvent.Kind.DONE);
        Violations found = new Violations();
        firstClaim.forEach((task, claim) -> {
            TaskFacts facts = tasks.get(task);
            for (String dependency : facts == null ? List.<String>of() : facts.dependencies()) {
                LogEvent done = firstDone.get(dependency);
                if (done == null || claim.end() < done.start()) {
                    found.add(task + " was claimed before its dependency " + dependency + " was done");
                }
            }
        });
        return found.result(DEPENDENCIES_FIRST, "no task is claimed before all its dependencies are done");
    }

    private InvariantResult keyFilesExclusive(List<Hold> holds) {
        Map<String, List<Hold>> byFile = new HashMap<>();
        for (Hold hold : holds) {
            TaskFacts facts = tasks.get(hold.task());
            for (String file : facts == null ? List.<String>of() : facts.keyFiles()) {
                byFile.computeIfAbsent(file, path -> new ArrayList<>()).add(hold);
            }
        }
        Violations found = new Violations();
        byFile.forEach((file, fileHolds) -> overlapping(fileHolds, (earlier, later) -> {
            if (!earlier.task().equals(later.task())) {
                found.add(file + ": " + later.task() + " (" + Team.agentName(later.agent()) + ") entered Doing while "
                        + earlier.task() + " (" + Team.agentName(earlier.agent()) + ") was still there");
            }
        }));
        return found.result(KEY_FILES_EXCLUSIVE, "no two tasks sharing a key file are in Doing at once");
    }

    /** Calls {@code report} for each hold that begins while an earlier one (the longest-lasting so far) lasts. */
    private static void overlapping(List<Hold> holds, BiConsumer<Hold, Hold> report) {
        holds.sort(Comparator.comparingLong(Hold::from));
        Hold longest = null;
        for (Hold hold : holds) {
            if (longest != null && longest.overlaps(hold)) {
                report.accept(longest, hold);
            }
            if (longest == null || hold.to() > longest.to()) {
                longest = hold;
            }
        }
    }

    private static Map<String, LogEvent> first(List<LogEvent> events, LogEvent.Kind kind) {
        Map<String, LogEvent> first = new HashMap<>();
        events.stream().filter(e -> e.kind() == kind).forEach(e -> first.merge(e.task(), e,
                (a, b) -> a.start() <= b.start() ? a : b));
        return first;
    }

    /** Counts violations and keeps the first few as examples. */
    private static final class Violations {
        private final List<String> examples = new ArrayList<>();
        private int count;

        void add(String violation) {
            if (examples.size() < InvariantResult.MAX_EXAMPLES) {
                examples.add(violation);
            }
            count++;
        }

        InvariantResult result(String name, String description) {
            return new InvariantResult(name, description, count, examples);
        }
    }
}
