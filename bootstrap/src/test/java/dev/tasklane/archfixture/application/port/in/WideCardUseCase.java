package dev.tasklane.archfixture.application.port.in;

import dev.tasklane.archfixture.domain.Card;

/** Breaks portsStayNarrow: one inbound port for every card action, 9 methods. */
public interface WideCardUseCase {
    Card action1(String agent);

    Card action2(String agent);

    Card action3(String agent);

    Card action4(String agent);

    Card action5(String agent);

    Card action6(String agent);

    Card action7(String agent);

    Card action8(String agent);

    Card action9(String agent);
}
