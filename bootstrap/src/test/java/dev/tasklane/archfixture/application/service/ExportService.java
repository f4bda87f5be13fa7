package dev.tasklane.archfixture.application.service;

import dev.tasklane.archfixture.domain.Card;
import dev.tasklane.archfixture.json.CardJson;

/** Breaks onlyAdaptersUseTheJsonBindings: the application writes JSON through the adapters' bindings. */
public final class ExportService {
    public String export(Card card) {
        return CardJson.write(card).toString();
    }
}
