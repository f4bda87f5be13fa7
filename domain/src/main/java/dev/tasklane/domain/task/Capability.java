package dev.tasklane.domain.task;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** The sixteen capabilities an agent token can carry and a task can require. */
public enum Capability {
    API_DESIGN,
    CODE_GENERATION,
    CODE_REVIEW,
    DATABASE_DESIGN,
    DEBUGGING,
    DEVOPS,
    DOCUMENTATION,
    FILE_OPERATIONS,
    GIT,
    PERFORMANCE_OPTIMIZATION,
    REFACTORING,
    SECURITY_ANALYSIS,
    TESTING,
    UI_DESIGN,
    UI_IMPLEMENTATION,
    WEB_BROWSING;

    /** "api_design, code_generation, ..." in declaration (alphabetical) order. */
    public static final String ALL_NAMES =
            Arrays.stream(values()).map(Capability::code).collect(Collectors.joining(", "));

    public String code() {
        return Codes.of(this);
    }

    public static Optional<Capability> fromCode(String value) {
        return Codes.parse(Capability.class, value);
    }
}
