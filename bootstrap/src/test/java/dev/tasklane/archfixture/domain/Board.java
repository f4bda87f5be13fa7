package dev.tasklane.archfixture.domain;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Breaks domainIsPure: a domain class reaching for a library (SLF4J) outside java.. . */
public final class Board {
    private static final Logger LOG = LoggerFactory.getLogger(Board.class);

    public void open() {
        LOG.info("board opened");
    }
}
