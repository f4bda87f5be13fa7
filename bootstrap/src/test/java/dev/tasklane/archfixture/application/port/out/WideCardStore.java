package dev.tasklane.archfixture.application.port.out;

import dev.tasklane.archfixture.domain.Card;

/** Breaks portsStayNarrow: one outbound port for every job of a card store, 13 methods. */
public interface WideCardStore {
    Card job1(String title);

    Card job2(String title);

    Card job3(String title);

    Card job4(String title);

    Card job5(String title);

    Card job6(String title);

    Card job7(String title);

    Card job8(String title);

    Card job9(String title);

    Card job10(String title);

    Card job11(String title);

    Card job12(String title);

    Card job13(String title);
}
