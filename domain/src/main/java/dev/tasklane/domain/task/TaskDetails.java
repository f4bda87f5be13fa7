package dev.tasklane.domain.task;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The purely descriptive part of a task: what its author tells the agent beyond the fields the service reasons
 * about. The service stores and echoes these without acting on them; each keeps its wire name and type (docs/api.md
 * "Task fields"). A value that was not sent is null, except the three that the API always renders as an object or
 * an array: {@link #integrationPoints()}, {@link #technicalDetails()} and {@link #behaviourTestMatrix()}, which are
 * then empty.
 *
 * @param estimatedFiles     {@code estimated_files}: a number or range such as 3, 2-4 or 5+
 * @param patternsToFollow   {@code patterns_to_follow}: newline-separated lines
 * @param integrationPoints  {@code integration_points}: names to a string or an array of strings, in the order sent
 * @param technicalDetails   {@code technical_details}: a free-form object, stored and echoed as sent
 */
public record TaskDetails(
        String estimatedFiles,
        String why,
        String what,
        String whereContext,
        String patternsToFollow,
        String databaseChanges,
        String validationRules,
        String telemetryEvent,
        String metricsToTrack,
        String loggingRequirements,
        String errorUserMessage,
        String errorOnFailure,
        List<String> pitfalls,
        List<String> outOfScope,
        List<String> technologyRequirements,
        Map<String, TextOrList> integrationPoints,
        UnknownKeys technicalDetails,
        List<BehaviourRow> behaviourTestMatrix) {

    /** A task that states none of them. */
    public static final TaskDetails NONE = builder().build();

    public TaskDetails {
        pitfalls = pitfalls == null ? null : List.copyOf(pitfalls);
        outOfScope = outOfScope == null ? null : List.copyOf(outOfScope);
        technologyRequirements = technologyRequirements == null ? null : List.copyOf(technologyRequirements);
        integrationPoints = integrationPoints == null || integrationPoints.isEmpty()
                ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(integrationPoints));
        technicalDetails = technicalDetails == null ? UnknownKeys.NONE : technicalDetails;
        behaviourTestMatrix = behaviourTestMatrix == null ? List.of() : List.copyOf(behaviourTestMatrix);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this record's values, to change some of them. */
    public Builder toBuilder() {
        return new Builder().estimatedFiles(estimatedFiles).why(why).what(what).whereContext(whereContext)
                .patternsToFollow(patternsToFollow).databaseChanges(databaseChanges).validationRules(validationRules)
                .telemetryEvent(telemetryEvent).metricsToTrack(metricsToTrack).loggingRequirements(loggingRequirements)
                .errorUserMessage(errorUserMessage).errorOnFailure(errorOnFailure).pitfalls(pitfalls)
                .outOfScope(outOfScope).technologyRequirements(technologyRequirements)
                .integrationPoints(integrationPoints).technicalDetails(technicalDetails)
                .behaviourTestMatrix(behaviourTestMatrix);
    }

    /** Collects the values one by one; every value starts unset. */
    public static final class Builder {
        private String estimatedFiles;
        private String why;
        private String what;
        private String whereContext;
        private String patternsToFollow;
        private String databaseChanges;
        private String validationRules;
        private String telemetryEvent;
        private String metricsToTrack;
        private String loggingRequirements;
        private String errorUserMessage;
        private String errorOnFailure;
        private List<String> pitfalls;
        private List<String> outOfScope;
        private List<String> technologyRequirements;
        private Map<String, TextOrList> integrationPoints;
        private UnknownKeys technicalDetails;
        private List<BehaviourRow> behaviourTestMatrix;

        private Builder() {
        }

        public Builder estimatedFiles(String value) {
            estimatedFiles = value;
            return this;
        }

        public Builder why(String value) {
            why = value;
            return this;
        }

        public Builder what(String value) {
            what = value;
            return this;
        }

        public Builder whereContext(String value) {
            whereContext = value;
            return this;
        }

        public Builder patternsToFollow(String value) {
            patternsToFollow = value;
            return this;
        }

        public Builder databaseChanges(String value) {
            databaseChanges = value;
            return this;
        }

        public Builder validationRules(String value) {
            validationRules = value;
            return this;
        }

        public Builder telemetryEvent(String value) {
            telemetryEvent = value;
            return this;
        }

        public Builder metricsToTrack(String value) {
            metricsToTrack = value;
            return this;
        }

        public Builder loggingRequirements(String value) {
            loggingRequirements = value;
            return this;
        }

        public Builder errorUserMessage(String value) {
            errorUserMessage = value;
            return this;
        }

        public Builder errorOnFailure(String value) {
            errorOnFailure = value;
            return this;
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
            return new TaskDetails(estimatedFiles, why, what, whereContext, patternsToFollow, databaseChanges,
                    validationRules, telemetryEvent, metricsToTrack, loggingRequirements, errorUserMessage,
                    errorOnFailure, pitfalls, outOfScope, technologyRequirements, integrationPoints, technicalDetails,
                    behaviourTestMatrix);
        }
    }
}
