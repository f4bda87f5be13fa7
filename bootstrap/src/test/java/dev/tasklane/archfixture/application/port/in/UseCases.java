package dev.tasklane.archfixture.application.port.in;

/** The fixture's locator of every inbound port: only the adapters' entry points may take it. */
public interface UseCases {
    ClaimCardUseCase claims();
}
