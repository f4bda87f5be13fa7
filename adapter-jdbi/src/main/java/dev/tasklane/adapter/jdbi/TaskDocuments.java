package dev.tasklane.adapter.jdbi;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.AfterGoal;
import dev.tasklane.domain.task.AfterGoalAttempt;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.Archive;
import dev.tasklane.domain.task.ArchiveReason;
import dev.tasklane.domain.task.BehaviourRow;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.ChangedFile;
import dev.tasklane.domain.task.Claim;
import dev.tasklane.domain.task.Completion;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.Review;
import dev.tasklane.domain.task.ReviewStatus;
import dev.tasklane.domain.task.TaskDetails;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.task.TestingStrategy;
import dev.tasklane.domain.task.TextOrList;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.Verbatim;
import dev.tasklane.domain.task.VerificationStep;
import dev.tasklane.domain.task.WorkflowStep;
import dev.tasklane.edge.TaskField;
import dev.tasklane.json.KeptAsSent;

import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The JSON documents of a task's row and the one mapper that reads and writes them. Each document column holds an
 * embedded value of the task through a document record per column: the stored field names are the records' (snake_case
 * of their components), not the domain's component names, so that renaming a Java component never silently changes
 * what is on disk; components are written in the order the records declare them, nulls included unless a record says
 * otherwise; enums are stored by constant name, instants as ISO-8601 text (exact to the nanosecond). Reading ignores
 * keys a record does not name, as the store always has, and a key that rows written before it existed lack reads as
 * absent ({@code TaskDocumentsTest} reads each older form).
 *
 * <p>The mapper is made once, with its readers and writers (they are immutable and shared; a claim or a completion
 * reads documents on every call). The package's other document records are written and read by it too: the
 * completion's results ({@link CompletionDocuments}) and the history entry's facts
 * ({@link JdbiEventOutbox.HistoryFactsDocuments}).
 */
final class TaskDocuments {
    // ---- the mapper --------------------------------------------------------------------------------------

    /**
     * Writes the document records, and the records that keep what an agent sent as {@link KeptAsSent} says; reads
     * the keys a record names and ignores any other.
     */
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(KeptAsSent.module())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();
    private static final ObjectWriter WRITER = MAPPER.writer();
    /** Reads numbers as written, so that a value stored as sent is answered with the same digits. */
    private static final ObjectMapper EXACT = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private TaskDocuments() {
    }

    /** The JSON text of a document record; null for null. */
    static String write(Object value) {
        if (value == null) {
            return null;
        }
        try {
            return WRITER.writeValueAsString(value);
        } catch (JsonProcessingException unwritable) {
            throw new UncheckedIOException("cannot store value as JSON", unwritable);
        }
    }

    /** The writer of kept values: a stored value that is not of its documented type is kept as this writes it. */
    static ObjectWriter writer() {
        return WRITER;
    }

    /** The reader of one document record, to be made once per record type. */
    static ObjectReader reader(Class<?> type) {
        return MAPPER.readerFor(type);
    }

    /** The reader of one generic document record, to be made once per record type. */
    static ObjectReader reader(TypeReference<?> type) {
        return MAPPER.readerFor(type);
    }

    /** The document stored in a column's text; null for a null column (or the JSON text {@code null}). */
    static <T> T read(ObjectReader reader, String text) {
        if (text == null) {
            return null;
        }
        try {
            return reader.readValue(text);
        } catch (JsonProcessingException unreadable) {
            throw new UncheckedIOException("stored JSON is not readable: " + text, unreadable);
        }
    }

    /**
     * The reader of a document whose kept values must read with the digits they were stored with (a float keeps its
     * trailing zeros), to be made once per record type.
     */
    static ObjectReader exactReader(TypeReference<?> type) {
        return EXACT.readerFor(type);
    }

    // ---- spec --------------------------------------------------------------------------------------------

    private static final ObjectReader SPEC = reader(SpecDocument.class);

    /**
     * The {@code spec} column. Its descriptive parts, {@code testing_strategy} and {@code details}, are
     * {@link StrategyDocument} and {@link DetailsDocument}, whose stored form predates the typed domain records and is
     * kept: each text detail under its {@linkplain TaskField#storedName() stored name} and present only when stated,
     * first, in {@link TaskField#texts()} order; a value that is a string or an array of strings stored as such
     * ({@link TextOrListDocument}); {@code technical_details} as the object that was sent, its keys in the order sent
     * ({@link TechnicalDocument}). Keys a document does not name are ignored, and so is a text detail or a named text
     * whose stored value is not of its type (a list of texts reads each entry that is not a string as its JSON text).
     * {@code SpecDocumentsTest} reads today's form and the older ones, and writes them back byte for byte.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record SpecDocument(String title, String type, String priority, String complexity, String description,
            String acceptanceCriteria, Boolean needsReview, Boolean humanTask, List<String> dependencies,
            List<KeyFileDocument> keyFiles, List<StepDocument> verificationSteps, List<String> requiredCapabilities,
            StrategyDocument testingStrategy, List<String> securityConsiderations, DetailsDocument details) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record KeyFileDocument(String filePath, String note, int position) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record StepDocument(String stepType, String stepText, String expectedResult, int position) {
    }

    static String spec(TaskSpec spec) {
        return write(new SpecDocument(spec.title(), spec.type().name(), spec.priority().name(),
                spec.complexity().name(), spec.description(), spec.acceptanceCriteria(), spec.needsReview(),
                spec.humanTask(), spec.dependencies().stream().map(TaskIdentifier::toString).toList(),
                spec.keyFiles().stream().map(f -> new KeyFileDocument(f.filePath(), f.note(), f.position())).toList(),
                spec.verificationSteps().stream().map(v -> new StepDocument(v.stepType().name(), v.stepText(),
                        v.expectedResult(), v.position())).toList(),
                spec.requiredCapabilities().stream().map(Enum::name).toList(),
                testingStrategy(spec.testingStrategy()), spec.securityConsiderations(),
                details(spec.details())));
    }

    static TaskSpec spec(String text) {
        SpecDocument doc = read(SPEC, text);
        Set<Capability> capabilities = EnumSet.noneOf(Capability.class);
        listOf(doc.requiredCapabilities()).forEach(name -> capabilities.add(Capability.valueOf(name)));
        return new TaskSpec(doc.title(), TaskType.valueOf(doc.type()), Priority.valueOf(doc.priority()),
                Complexity.valueOf(doc.complexity()), doc.description(), doc.acceptanceCriteria(),
                Boolean.TRUE.equals(doc.needsReview()), Boolean.TRUE.equals(doc.humanTask()),
                identifiers(doc.dependencies()),
                listOf(doc.keyFiles()).stream().map(f -> new KeyFile(f.filePath(), f.note(), f.position())).toList(),
                listOf(doc.verificationSteps()).stream().map(v -> new VerificationStep(
                        VerificationStep.StepType.valueOf(v.stepType()), v.stepText(), v.expectedResult(),
                        v.position())).toList(),
                capabilities, testingStrategy(doc.testingStrategy()),
                listOf(doc.securityConsiderations()), details(doc.details()));
    }

    // ---- spec: testing_strategy --------------------------------------------------------------------------

    /**
     * The {@code testing_strategy} object: its stated parts, in the documented order; an empty strategy is an empty
     * object.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record StrategyDocument(TextOrListDocument unitTests, TextOrListDocument integrationTests,
            TextOrListDocument manualTests, TextOrListDocument edgeCases, TextOrListDocument coverageTarget) {
    }

    private static StrategyDocument testingStrategy(TestingStrategy strategy) {
        return new StrategyDocument(TextOrListDocument.of(strategy.unitTests()),
                TextOrListDocument.of(strategy.integrationTests()), TextOrListDocument.of(strategy.manualTests()),
                TextOrListDocument.of(strategy.edgeCases()), TextOrListDocument.of(strategy.coverageTarget()));
    }

    private static TestingStrategy testingStrategy(StrategyDocument stored) {
        if (stored == null) {
            return TestingStrategy.NONE;
        }
        return new TestingStrategy(TextOrListDocument.value(stored.unitTests()),
                TextOrListDocument.value(stored.integrationTests()), TextOrListDocument.value(stored.manualTests()),
                TextOrListDocument.value(stored.edgeCases()), TextOrListDocument.value(stored.coverageTarget()));
    }

    /**
     * A value stored as one string or as an array of strings, written in the form it holds. Read from anything else,
     * it is null (not stated); an array entry that is not a string reads as its JSON text.
     */
    record TextOrListDocument(TextOrList value) {
        static TextOrListDocument of(TextOrList value) {
            return value == null ? null : new TextOrListDocument(value);
        }

        static TextOrList value(TextOrListDocument stored) {
            return stored == null ? null : stored.value();
        }

        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        static TextOrListDocument read(JsonNode stored) {
            if (stored == null) {
                return null;
            }
            if (stored.isTextual()) {
                return new TextOrListDocument(TextOrList.of(stored.textValue()));
            }
            if (stored.isArray()) {
                List<String> lines = new ArrayList<>(stored.size());
                stored.forEach(line -> lines.add(line.isTextual() ? line.textValue() : line.toString()));
                return new TextOrListDocument(TextOrList.of(lines));
            }
            return null;
        }

        /** The stored JSON: the string, or the list of strings. */
        @JsonValue
        Object json() {
            return value instanceof TextOrList.Text text ? text.value() : value.lines();
        }
    }

    // ---- spec: details -----------------------------------------------------------------------------------

    /**
     * The {@code details} object: the stated text details, each under its stored name (filled from and read by
     * {@link TaskField#texts()}, so that a new text detail needs no change here), then the list details, the named
     * integration points, the technical details and the behaviour test matrix, each present only when stated (the
     * last three only when not empty). A bean rather than a record, as {@link FileDocument} is: the text details are
     * one map that Jackson fills with every key not named below (the any-setter; only the text details' stored names
     * are read from it) and writes first (the any-getter, placed by {@link JsonPropertyOrder}, which Jackson honours
     * for an any-getter since 2.19; the map is a public field so that Jackson sees it as a property to place, and is
     * never read from a stored key of its own name).
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"texts", "pitfalls", "out_of_scope", "technology_requirements", "integration_points",
            "technical_details", "behaviour_test_matrix"})
    static final class DetailsDocument {
        /** The text details by stored name, and on reading every key not named below (only texts are read). */
        @JsonAnyGetter
        @JsonProperty(access = JsonProperty.Access.READ_ONLY)
        public final Map<String, JsonNode> texts = new LinkedHashMap<>();
        @JsonProperty
        private List<String> pitfalls;
        @JsonProperty
        private List<String> outOfScope;
        @JsonProperty
        private List<String> technologyRequirements;
        @JsonProperty
        private Map<String, TextOrListDocument> integrationPoints;
        @JsonProperty
        private TechnicalDocument technicalDetails;
        @JsonProperty
        private List<RowDocument> behaviourTestMatrix;

        @JsonAnySetter
        void text(String key, JsonNode value) {
            texts.put(key, value);
        }
    }

    private static DetailsDocument details(TaskDetails details) {
        DetailsDocument doc = new DetailsDocument();
        for (TaskField field : TaskField.texts()) {
            String text = details.text(field.part());
            if (text != null) {
                doc.texts.put(field.storedName(), TextNode.valueOf(text));
            }
        }
        doc.pitfalls = details.pitfalls();
        doc.outOfScope = details.outOfScope();
        doc.technologyRequirements = details.technologyRequirements();
        if (!details.integrationPoints().isEmpty()) {
            doc.integrationPoints = new LinkedHashMap<>();
            details.integrationPoints().forEach((name, value) -> doc.integrationPoints.put(name,
                    new TextOrListDocument(value)));
        }
        if (!details.technicalDetails().isEmpty()) {
            doc.technicalDetails = TechnicalDocument.of(details.technicalDetails().values());
        }
        if (!details.behaviourTestMatrix().isEmpty()) {
            doc.behaviourTestMatrix = details.behaviourTestMatrix().stream().map(RowDocument::of).toList();
        }
        return doc;
    }

    private static TaskDetails details(DetailsDocument stored) {
        if (stored == null) {
            return TaskDetails.NONE;
        }
        TaskDetails.Builder details = TaskDetails.builder();
        for (TaskField field : TaskField.texts()) {
            JsonNode text = stored.texts.get(field.storedName());
            details.text(field.part(), text != null && text.isTextual() ? text.textValue() : null);
        }
        return details
                .pitfalls(stored.pitfalls)
                .outOfScope(stored.outOfScope)
                .technologyRequirements(stored.technologyRequirements)
                .integrationPoints(integrationPoints(stored.integrationPoints))
                .technicalDetails(stored.technicalDetails == null ? null : stored.technicalDetails.keys())
                .behaviourTestMatrix(stored.behaviourTestMatrix == null ? null
                        : stored.behaviourTestMatrix.stream().map(RowDocument::row).toList())
                .build();
    }

    /** The named integration points, in the order stored; a name whose value is no text or list is not stated. */
    private static Map<String, TextOrList> integrationPoints(Map<String, TextOrListDocument> stored) {
        if (stored == null) {
            return null;
        }
        Map<String, TextOrList> points = new LinkedHashMap<>();
        stored.forEach((name, value) -> {
            if (value != null) {
                points.put(name, value.value());
            }
        });
        return points;
    }

    /**
     * The {@code technical_details} object: every key with its value as stored, in the order stored (a bean, as
     * {@link FileDocument} is, since Jackson hands a record's any-setter an unordered map).
     */
    static final class TechnicalDocument {
        private final Map<String, Verbatim> keys;

        TechnicalDocument() {
            this.keys = new LinkedHashMap<>();
        }

        static TechnicalDocument of(Map<String, Verbatim> keys) {
            TechnicalDocument doc = new TechnicalDocument();
            doc.keys.putAll(keys);
            return doc;
        }

        @JsonAnySetter
        void key(String key, JsonNode value) {
            keys.put(key, new Verbatim(value == null ? "null" : write(value)));
        }

        @JsonAnyGetter
        Map<String, Verbatim> values() {
            return keys;
        }

        UnknownKeys keys() {
            return new UnknownKeys(keys);
        }
    }

    /** One row of {@code behaviour_test_matrix}: every component written, nulls included; other keys ignored. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record RowDocument(String category, String behaviour, String testName, String type, String status,
            String naReason, Integer position) {

        static RowDocument of(BehaviourRow row) {
            return new RowDocument(row.category(), row.behaviour(), row.testName(), row.type(), row.status(),
                    row.naReason(), row.position());
        }

        BehaviourRow row() {
            return new BehaviourRow(category, behaviour, testName, type, status, naReason, position);
        }
    }

    // ---- changed_files -----------------------------------------------------------------------------------

    /** Reads each kept value with the digits it was stored with ({@link #exactReader}). */
    private static final ObjectReader CHANGED_FILES = exactReader(new TypeReference<List<FileDocument>>() { });

    /**
     * One file of the {@code changed_files} column, which holds a task's snapshot as a JSON array of objects, one per
     * file, each with its {@code path}, its {@code diff} when it has one, and the keys no rule names exactly as the
     * agent sent them (docs/api.md, "Changed files"); this is the form rows have always been stored in, so older rows
     * read unchanged. A file as stored: its path and diff, then every other key, each kept with the text it was
     * stored with, in the order stored (a bean rather than a record: Jackson hands a record's any-setter an
     * unordered map).
     */
    static final class FileDocument {
        @JsonProperty
        private String path;
        @JsonProperty
        private String diff;
        private final Map<String, Verbatim> others = new LinkedHashMap<>();

        @JsonAnySetter
        void other(String key, JsonNode value) {
            others.put(key, new Verbatim(value.toString()));
        }

        ChangedFile file() {
            return new ChangedFile(path, diff, new UnknownKeys(others));
        }
    }

    /** The column's text, each file as {@link KeptAsSent} writes it; null for an empty snapshot. */
    static String changedFiles(List<ChangedFile> files) {
        return files.isEmpty() ? null : write(files);
    }

    /** The snapshot stored in the column's text; empty for null. */
    static List<ChangedFile> changedFiles(String text) {
        List<FileDocument> stored = read(CHANGED_FILES, text);
        if (stored == null) {
            return List.of();
        }
        List<ChangedFile> files = new ArrayList<>(stored.size());
        stored.forEach(file -> files.add(file.file()));
        return List.copyOf(files);
    }

    // ---- archive -----------------------------------------------------------------------------------------

    private static final ObjectReader ARCHIVE = reader(ArchiveDocument.class);

    /**
     * The {@code archive} column (its {@code archived_at} column is the plain copy the queries filter on): the
     * reason stored by constant name, the instant as ISO-8601 text.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record ArchiveDocument(String archivedAt, String reason, String note, String duplicateOf, Long archivedById) {
    }

    static String archive(Archive archive) {
        return archive == null ? null : write(new ArchiveDocument(archive.archivedAt().toString(),
                archive.reason().name(), archive.note(), archive.duplicateOf(),
                UserId.valueOrNull(archive.archivedById())));
    }

    static Archive archive(String text) {
        ArchiveDocument doc = read(ARCHIVE, text);
        return doc == null ? null : new Archive(Instant.parse(doc.archivedAt()), ArchiveReason.valueOf(doc.reason()),
                doc.note(), doc.duplicateOf(), doc.archivedById() == null ? null : UserId.of(doc.archivedById()));
    }

    // ---- claim -------------------------------------------------------------------------------------------

    private static final ObjectReader CLAIM = reader(ClaimDocument.class);

    /** The {@code claim} column; {@code token_id} is absent from claims stored before tokens held them. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record ClaimDocument(String agentName, String claimedAt, String expiresAt, String claimToken,
            Long assigneeBeforeClaim, Long tokenId) {
    }

    static String claim(Claim claim) {
        return claim == null ? null : write(new ClaimDocument(claim.agentName(), text(claim.claimedAt()),
                text(claim.expiresAt()), claim.claimToken(), UserId.valueOrNull(claim.assigneeBeforeClaim()),
                claim.tokenId()));
    }

    static Claim claim(String text) {
        ClaimDocument doc = read(CLAIM, text);
        return doc == null ? null : new Claim(doc.agentName(), instant(doc.claimedAt()), instant(doc.expiresAt()),
                doc.claimToken(), userId(doc.assigneeBeforeClaim()), doc.tokenId());
    }

    // ---- completion --------------------------------------------------------------------------------------

    private static final ObjectReader COMPLETION =
            reader(new TypeReference<CompletionDocument<JsonNode, JsonNode>>() { });

    /**
     * The {@code completion} column: who completed the task, the agent's report, and its steps and results in the
     * form {@link CompletionDocuments} writes ({@code S} and {@code R}) and reads (trees, so that a stored value
     * that is not of its documented type is kept as stored). {@code completed_by_token_id} is absent from
     * completions stored before tokens held claims.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record CompletionDocument<S, R>(Long completedById, String completedByAgent, String summary, String notes,
            String actualComplexity, String actualFilesChanged, Integer timeSpentMinutes, String reviewReport,
            S workflowSteps, R explorerResult, R reviewerResult, String completedAt, Long completedByTokenId) {
    }

    static String completion(Completion completion) {
        if (completion == null) {
            return null;
        }
        AgentReport report = completion.report();
        return write(new CompletionDocument<List<WorkflowStep>, CompletionDocuments.ResultDocument>(
                UserId.valueOrNull(completion.completedById()), completion.completedByAgent(), report.summary(),
                report.notes(), report.actualComplexity() == null ? null : report.actualComplexity().name(),
                report.actualFilesChanged(), report.timeSpentMinutes(), report.reviewReport(),
                CompletionDocuments.steps(report.workflowSteps()),
                CompletionDocuments.explorer(report.explorerResult()),
                CompletionDocuments.reviewer(report.reviewerResult()), text(completion.completedAt()),
                completion.completedByTokenId()));
    }

    static Completion completion(String text) {
        CompletionDocument<JsonNode, JsonNode> doc = read(COMPLETION, text);
        if (doc == null) {
            return null;
        }
        AgentReport report = AgentReport.builder().summary(doc.summary()).notes(doc.notes())
                .actualComplexity(doc.actualComplexity() == null ? null : Complexity.valueOf(doc.actualComplexity()))
                .actualFilesChanged(doc.actualFilesChanged()).timeSpentMinutes(doc.timeSpentMinutes())
                .reviewReport(doc.reviewReport())
                .workflowSteps(CompletionDocuments.steps(doc.workflowSteps()))
                .explorerResult(CompletionDocuments.explorer(doc.explorerResult()))
                .reviewerResult(CompletionDocuments.reviewer(doc.reviewerResult())).build();
        return new Completion(userId(doc.completedById()), doc.completedByAgent(), doc.completedByTokenId(), report,
                instant(doc.completedAt()));
    }

    // ---- review ------------------------------------------------------------------------------------------

    private static final ObjectReader REVIEW = reader(ReviewDocument.class);

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record ReviewDocument(String status, String notes, String reviewedAt, Long reviewedById) {
    }

    static String review(Review review) {
        return review == null ? null : write(new ReviewDocument(
                review.status() == null ? null : review.status().name(), review.notes(), text(review.reviewedAt()),
                UserId.valueOrNull(review.reviewedById())));
    }

    static Review review(String text) {
        ReviewDocument doc = read(REVIEW, text);
        return doc == null ? null : new Review(doc.status() == null ? null : ReviewStatus.valueOf(doc.status()),
                doc.notes(), instant(doc.reviewedAt()), userId(doc.reviewedById()));
    }

    // ---- after_goal --------------------------------------------------------------------------------------

    private static final ObjectReader AFTER_GOAL = reader(AfterGoalDocument.class);
    /** How the stored form names an attempt the grace worker recorded. */
    private static final String GRACE_WORKER = "after_goal_grace_worker";

    /** The {@code after_goal} column: its state, when it was armed, and the reports on the goal's hook. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record AfterGoalDocument(String state, String armedAt, AttemptDocument lastResult, List<AttemptDocument> attempts) {
    }

    /**
     * One report in the stored form: exit_code, output, duration_ms, source (written for the grace worker's only;
     * absent, it is the agent's, as in every attempt stored before the grace worker existed), reported_at.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record AttemptDocument(long exitCode, String output, long durationMs,
            @JsonInclude(JsonInclude.Include.NON_NULL) String source, String reportedAt) {

        static AttemptDocument of(AfterGoalAttempt attempt) {
            return attempt == null ? null : new AttemptDocument(attempt.exitCode(), attempt.output(),
                    attempt.durationMs(), attempt.source() == AfterGoalAttempt.Source.GRACE_WORKER ? GRACE_WORKER : null,
                    text(attempt.reportedAt()));
        }

        AfterGoalAttempt attempt() {
            return new AfterGoalAttempt(exitCode, output, durationMs, GRACE_WORKER.equals(source)
                    ? AfterGoalAttempt.Source.GRACE_WORKER : AfterGoalAttempt.Source.AGENT, instant(reportedAt));
        }
    }

    static String afterGoal(AfterGoal afterGoal) {
        return afterGoal == null ? null : write(new AfterGoalDocument(afterGoal.state().name(),
                text(afterGoal.armedAt()), AttemptDocument.of(afterGoal.lastResult()),
                afterGoal.attempts().stream().map(AttemptDocument::of).toList()));
    }

    static AfterGoal afterGoal(String text) {
        AfterGoalDocument doc = read(AFTER_GOAL, text);
        return doc == null ? null : new AfterGoal(AfterGoal.State.valueOf(doc.state()), instant(doc.armedAt()),
                doc.lastResult() == null ? null : doc.lastResult().attempt(),
                listOf(doc.attempts()).stream().map(AttemptDocument::attempt).toList());
    }

    // ---- plain values ------------------------------------------------------------------------------------

    private static String text(Instant instant) {
        return instant == null ? null : instant.toString();
    }

    private static Instant instant(String text) {
        return text == null ? null : Instant.parse(text);
    }

    private static UserId userId(Long id) {
        return UserId.ofNullable(id).orElse(null);
    }

    private static <T> List<T> listOf(List<T> stored) {
        return stored == null ? List.of() : stored;
    }

    /** Stored dependencies are identifiers the store accepted, written as text ("W12"). */
    private static List<TaskIdentifier> identifiers(List<String> stored) {
        return listOf(stored).stream().map(text -> TaskIdentifier.parse(text)
                .orElseThrow(() -> new IllegalStateException("stored dependency is not an identifier: " + text))).toList();
    }
}
