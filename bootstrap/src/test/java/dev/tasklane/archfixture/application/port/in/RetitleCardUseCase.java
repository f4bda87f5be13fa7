package dev.tasklane.archfixture.application.port.in;

import dev.tasklane.archfixture.domain.Card;

import java.util.List;
import java.util.Map;

/** Broken on purpose: an inbound port that takes decoded JSON and a result that returns a list of Object. */
public interface RetitleCardUseCase {
    Retitled retitle(String card, Map<String, Object> body);

    /** Its record's own equals(Object) is allowed. */
    record Retitled(Card card, List<Object> warnings) {
    }
}
