package dev.tasklane.domain.task;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The purely descriptive part of a task: what its author tells the agent beyond the fields the service reasons
 * about, one value per {@link Detail}. The service stores and echoes these without acting on them (docs/api.md "Task
 * fields"). The {@linkplain Detail#text() text} details are held by detail in {@link #texts()}, read with
 * {@link #text(Detail)}; the others have a component each. A value that was not sent is null, except the three that
 * the API always renders as an object or an array: {@link #integrationPoints()}, {@link #technicalDetails()} and
 * {@link #behaviourTestMatrix()}, which are then empty.
 *
 * @param texts              the stated text details
 * @param integrationPoints  names to a string or a list of strings, in the order sent
 * @param technicalDetails   a free-form object, stored and echoed as sent
 */
public record TaskDetails(
        Texts texts,
        List<String> pitfalls,
        List<String> outOfScope,
        List<String> technologyRequirements,
        Map<String, TextOrList> integrationPoints,
        UnknownKeys technicalDetails,
        List<BehaviourRow> behaviourTestMatrix) {

    /** A task that states none of them. */
    public static final TaskDetails NONE = builder().build();

    public TaskDetails {
        texts = texts == null ? Texts.NONE : texts;
        pitfalls = pitfalls == null ? null : List.copyOf(pitfalls);
        outOfScope = outOfScope == null ? null : List.copyOf(outOfScope);
        technologyRequirements = technologyRequirements == null ? null : List.copyOf(technologyRequirements);
        integrationPoints = integrationPoints == null || integrationPoints.isEmpty()
                ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(integrationPoints));
        technicalDetails = technicalDetails == null ? UnknownKeys.NONE : technicalDetails;
        behaviourTestMatrix = behaviourTestMatrix == null ? List.of() : List.copyOf(behaviourTestMatrix);
    }

    /** The value of a text detail; null when it is not stated. */
    public String text(Detail detail) {
        return texts.get(detail);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this record's values, to change some of them. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.texts.putAll(texts.values());
        return builder.pitfalls(pitfalls).outOfScope(outOfScope).technologyRequirements(technologyRequirements)
                .integrationPoints(integrationPoints).technicalDetails(technicalDetails)
                .behaviourTestMatrix(behaviourTestMatrix);
    }

    /**
     * The stated text details, by detail in {@link Detail} order; a detail that is not stated has no entry.
     *
     * @param values the texts; null values are dropped, and every key must be a {@linkplain Detail#text() text
     *               detail}
     */
    public record Texts(Map<Detail, String> values) {
        /** No text stated. */
        public static final Texts NONE = new Texts(Map.of());

        public Texts {
            EnumMap<Detail, String> copy = new EnumMap<>(Detail.class);
            if (values != null) {
                values.forEach((detail, value) -> {
                    if (!detail.text()) {
                        throw new IllegalArgumentException(detail + " is not a text detail");
                    }
                    if (value != null) {
                        copy.put(detail, value);
                    }
                });
            }
            values = Collections.unmodifiableMap(copy);
        }

        /** The value of a text detail; null when it is not stated. */
        public String get(Detail detail) {
            return values.get(detail);
        }
    }

    /** Collects the values one by one; every value starts unset. */
    public static final class Builder {
        private final EnumMap<Detail, String> texts = new EnumMap<>(Detail.class);
        private List<String> pitfalls;
        private List<String> outOfScope;
        private List<String> technologyRequirements;
        private Map<String, TextOrList> integrationPoints;
        private UnknownKeys technicalDetails;
        private List<BehaviourRow> behaviourTestMatrix;

        private Builder() {
        }

        /** Sets a text detail; null clears it. */
        public Builder text(Detail detail, String value) {
            if (!detail.text()) {
                throw new IllegalArgumentException(detail + " is not a text detail");
            }
            if (value == null) {
                texts.remove(detail);
            } else {
                texts.put(detail, value);
            }
            return this;
        }

        /** Sets one detail, of any form, to its value in {@code from}. */
        public Builder copy(Detail detail, TaskDetails from) {
            return switch (detail.form()) {
                case TEXT -> text(detail, from.text(detail));
                case LINES -> switch (detail) {
                    case PITFALLS -> pitfalls(from.pitfalls());
                    case OUT_OF_SCOPE -> outOfScope(from.outOfScope());
                    case TECHNOLOGY_REQUIREMENTS -> technologyRequirements(from.technologyRequirements());
                    default -> throw new IllegalArgumentException(detail + " has no list of its own");
                };
                case NAMED_TEXTS -> integrationPoints(from.integrationPoints());
                case OBJECT -> technicalDetails(from.technicalDetails());
                case ROWS -> behaviourTestMatrix(from.behaviourTestMatrix());
            };
        }

        public Builder pitfalls(List<String> value) {
            pitfalls = value;
            return this;
        }

        public Builder outOfScope(List<String> value) {
            outOfScope = value;
            return this;
        }

        public Builder technologyRequirements(List<String> value) {
            technologyRequirements = value;
            return this;
        }

        public Builder integrationPoints(Map<String, TextOrList> value) {
            integrationPoints = value;
            return this;
        }

        public Builder technicalDetails(UnknownKeys value) {
            technicalDetails = value;
            return this;
        }

        public Builder behaviourTestMatrix(List<BehaviourRow> value) {
            behaviourTestMatrix = value;
            return this;
        }

        public TaskDetails build() {
            return new TaskDetails(new Texts(texts), pitfalls, outOfScope, technologyRequirements, integrationPoints,
                    technicalDetails, behaviourTestMatrix);
        }
    }
}
