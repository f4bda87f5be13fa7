package dev.tasklane.simulator;

/**
 * A team configuration that cannot be used, naming the field (as the team file spells it, or as its flag) and
 * what it accepts. {@link SimulateCli} prints the message and exits with {@link SimulateCli#USAGE}, never a stack
 * trace.
 */
final class TeamConfigException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String field;
    private final String problem;

    TeamConfigException(String field, String problem) {
        this(null, field, problem);
    }

    private TeamConfigException(String source, String field, String problem) {
        super((source == null ? "" : source + ": ") + (field == null ? "" : field + " ") + problem);
        this.field = field;
        this.problem = problem;
    }

    /** The same problem, said of a file. */
    TeamConfigException in(String source) {
        return new TeamConfigException(source, field, problem);
    }

    /** The same problem, said of the field's flag ({@code review_probability} is {@code --review-probability}). */
    TeamConfigException asFlag() {
        return new TeamConfigException(null, field == null ? null : "--" + field.replace('_', '-').replace('.', '-'), problem);
    }

    /** A problem with no single field (the file cannot be read, is no YAML, is no mapping). */
    static TeamConfigException of(String source, String problem) {
        return new TeamConfigException(source, null, problem);
    }
}
