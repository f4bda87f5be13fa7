package dev.tasklane.simulator;

import java.util.List;

/** What the plan says about one claimable task: the identifiers it depends on and the files it touches. */
record TaskFacts(String identifier, List<String> dependencies, List<String> keyFiles) {
    TaskFacts {
        dependencies = List.copyOf(dependencies);
        keyFiles = List.copyOf(keyFiles);
    }
}
