package dev.tasklane.archfixture.application.port.in;

import dev.tasklane.archfixture.domain.Card;

/** An inbound port; the HTTP adapter may depend on it. */
public interface ClaimCardUseCase {
    Card claim(String agent);
}
