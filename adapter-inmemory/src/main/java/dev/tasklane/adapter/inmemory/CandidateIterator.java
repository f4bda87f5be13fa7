package dev.tasklane.adapter.inmemory;

import dev.tasklane.domain.selection.TaskOrder;
import dev.tasklane.domain.task.Task;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import java.util.function.Predicate;

/**
 * A lazy k-way merge of sorted sources in {@link TaskOrder#NEXT} order. Only the head of each source is
 * looked at until it is consumed, so the first task costs one pull per source plus a heap of that size,
 * whatever the length of the sources.
 *
 * <p>Tasks that are no longer the stored version when reached (claimed or changed since the iterator was
 * made) are skipped: their current version, if still a candidate, sits at its own place in the index.
 */
final class CandidateIterator implements Iterator<Task> {
    private final PriorityQueue<Head> heads;
    private final Predicate<Task> current;
    private final CandidateMeter meter;
    private Task next;

    CandidateIterator(List<? extends Iterable<Task>> sources, Predicate<Task> current, CandidateMeter meter) {
        this.current = current;
        this.meter = meter;
        this.heads = new PriorityQueue<>(Math.max(1, sources.size()), (a, b) -> {
            meter.step();
            return TaskOrder.NEXT.compare(a.task, b.task);
        });
        for (Iterable<Task> source : sources) {
            pushNext(source.iterator());
        }
    }

    @Override
    public boolean hasNext() {
        while (next == null && !heads.isEmpty()) {
            Head head = heads.poll();
            pushNext(head.rest);
            if (current.test(head.task)) {
                next = head.task;
            }
        }
        return next != null;
    }

    @Override
    public Task next() {
        if (!hasNext()) {
            throw new NoSuchElementException("no more candidates");
        }
        Task result = next;
        next = null;
        return result;
    }

    private void pushNext(Iterator<Task> source) {
        if (source.hasNext()) {
            meter.step();
            heads.add(new Head(source.next(), source));
        }
    }

    private record Head(Task task, Iterator<Task> rest) {
    }
}
