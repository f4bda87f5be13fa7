package dev.tasklane.archfixture.application.port.out;

import java.util.List;

/** Fixture: the outbox port the event rule is about. */
public interface EventOutbox {
    List<String> append(List<String> events);

    List<String> appendLast(List<String> events);
}
