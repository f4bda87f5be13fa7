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

    /** Eleven of the jobs, a port narrow enough on its own (its owner, nested, is no port of its own). */
    interface Part {
        Card part1(String title);

        Card part2(String title);

        Card part3(String title);

        Card part4(String title);

        Card part5(String title);

        Card part6(String title);

        Card part7(String title);

        Card part8(String title);

        Card part9(String title);

        Card part10(String title);

        Card part11(String title);
    }
}
