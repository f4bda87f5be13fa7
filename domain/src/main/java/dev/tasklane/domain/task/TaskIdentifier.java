package dev.tasklane.domain.task;

import java.util.Collection;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A board-scoped, server-generated identifier: a type prefix and a sequence number ("W12", "G3"). */
public record TaskIdentifier(TaskType type, long number) implements Comparable<TaskIdentifier> {
    private static final Pattern SHAPE = Pattern.compile("([GWD])([1-9][0-9]{0,17})");

    public TaskIdentifier {
        if (type == null) {
            throw new IllegalArgumentException("identifier type is required");
        }
        if (number < 1) {
            throw new IllegalArgumentException("identifier numbers start at 1, got " + number);
        }
    }

    /** Parses the exact, case-sensitive form; "w12" and "W012" are not identifiers. */
    public static Optional<TaskIdentifier> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher matcher = SHAPE.matcher(text);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        TaskType type = switch (matcher.group(1)) {
            case "G" -> TaskType.GOAL;
            case "D" -> TaskType.DEFECT;
            default -> TaskType.WORK;
        };
        return Optional.of(new TaskIdentifier(type, Long.parseLong(matcher.group(2))));
    }

    /** The identifiers as a message lists them: "W4, W2". */
    public static String join(Collection<TaskIdentifier> identifiers) {
        StringJoiner out = new StringJoiner(", ");
        identifiers.forEach(identifier -> out.add(identifier.toString()));
        return out.toString();
    }

    @Override
    public int compareTo(TaskIdentifier other) {
        int byType = type.compareTo(other.type);
        return byType != 0 ? byType : Long.compare(number, other.number);
    }

    @Override
    public String toString() {
        return type.prefix() + number;
    }
}
