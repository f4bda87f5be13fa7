package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.pipeline.Json;
import dev.tasklane.adapter.http.routes.UpdateBodyReader;
import dev.tasklane.edge.SentTask;
import static dev.tasklane.adapter.http.onboarding.DocumentTrees.plain;

import dev.tasklane.adapter.http.error.ErrorHandlers;
import dev.tasklane.edge.TaskJsonValues;
import dev.tasklane.edge.UpdateTaskParser;
import dev.tasklane.edge.CreateTaskParser;
import static dev.tasklane.adapter.http.Harness.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.tasklane.adapter.http.onboarding.OnboardingExamples;
import dev.tasklane.adapter.http.onboarding.OnboardingSchemas;
import dev.tasklane.application.port.in.UpdateTask;
import dev.tasklane.domain.task.Detail;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.TaskDetails;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.validation.FieldErrors;
import dev.tasklane.domain.validation.TaskFieldRules;
import dev.tasklane.domain.validation.TaskFieldsRejectedException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Pins the answer of the task body parsers (create, goal, batch and edit) for generated bodies: the status, the error
 * family and every error in order for a refusal, the typed task for an acceptance (docs/api.md, "Creating and editing
 * tasks"). The answers were recorded from the domain's task parser before it moved to the HTTP adapter, and the
 * adapter's parsers answered every body alike; they are in {@code task-answers.jsonl}, so that no later change can
 * reorder or reword an error, or type a body differently, without a deliberate re-recording.
 *
 * <p>Each recorded line names its body: a template (an onboarding example, or an edit) and the edits applied to it,
 * each a position, one of {@link GeneratedFuzz}'s odd values (or a removal) and the seed of that value. The cases were
 * generated from {@link #SEED}: every position of the template and of its schema at the time of the recording gets
 * every odd value and a removal, plus seeded random multi-position edits. {@code -Dtasklane.recordTaskAnswers=<file>}
 * generates and answers them anew from the current schemas and writes the recording.
 */
class TaskAnswersTest {
    static final long SEED = 20261124L;
    private static final String RESOURCE = "/task-answers.jsonl";
    private static final String RECORD = "tasklane.recordTaskAnswers";
    private static final int RANDOM_BODIES_PER_TEMPLATE = 100;
    /** How many of the odd values each position gets, drawn by the seed. */
    private static final int ODD_VALUES_PER_POSITION = 2;
    private static final int ODD_VALUES = 22;
    private static final int REMOVE = -1;
    /** The keys of a refusal's body that carry its family and its errors (the documentation links are not pinned). */
    private static final Set<String> PINNED_KEYS = Set.of("error", "errors", "failures", "index", "details", "code");
    private static final Json JSON = new Json(HttpSettings.defaults("http://localhost"));
    private static final ErrorHandlers ERRORS = new ErrorHandlers(JSON.mapper(), JSON.maxBodyBytes(),
            Duration.ofSeconds(1));
    private static final CreateTaskParser CREATES = new CreateTaskParser(JSON::write);
    private static final UpdateBodyReader UPDATES = new UpdateBodyReader(JSON::write);
    private static final TaskSpec CURRENT = TaskSpec.builder("Current", TaskType.WORK, Priority.LOW)
            .dependencies(dev.tasklane.application.testing.Identifiers.tids("W1")).build();
    private static final TaskSpec CURRENT_GOAL = CURRENT.toBuilder().type(TaskType.GOAL).build();
    private static final int DIGEST_BYTES = 8;
    /** The text details there were when the answers were recorded. */
    private static final List<Detail> RECORDED_TEXTS = List.of(Detail.ESTIMATED_FILES, Detail.WHY, Detail.WHAT,
            Detail.WHERE_CONTEXT, Detail.PATTERNS_TO_FOLLOW, Detail.DATABASE_CHANGES, Detail.VALIDATION_RULES,
            Detail.TELEMETRY_EVENT, Detail.METRICS_TO_TRACK, Detail.LOGGING_REQUIREMENTS, Detail.ERROR_USER_MESSAGE,
            Detail.ERROR_ON_FAILURE);
    private static final int RUN = 64;
    private static final Pattern RUNS = Pattern.compile("([A-Za-z0-9])\\1{" + (RUN - 1) + ",}");
    private static final TypeReference<Map<String, Object>> LINE = new TypeReference<>() {
    };

    /** A body to answer: the bodies of {@code name} are made from {@code body} by edits. */
    private enum Template {
        TASK("create task", "task", () -> plain(OnboardingExamples.createTask())),
        GOAL("create goal", "goal", () -> plain(OnboardingExamples.createGoal())),
        BATCH("batch", "batch", () -> plain(OnboardingExamples.batch())),
        EDIT("edit", "task", () -> map("task", map("title", "Renamed", "priority", "high", "type", "defect",
                "acceptance_criteria", "a\nb", "pitfalls", List.of("p"), "dependencies", List.of("W2"),
                "technical_details", map("k", List.of(1, 2.5, "s")))));

        final String wire;
        final String schema;
        final Supplier<Map<String, Object>> body;

        Template(String wire, String schema, Supplier<Map<String, Object>> body) {
            this.wire = wire;
            this.schema = schema;
            this.body = body;
        }

        static Template named(String wire) {
            for (Template template : values()) {
                if (template.wire.equals(wire)) {
                    return template;
                }
            }
            throw new IllegalArgumentException("no template " + wire);
        }
    }

    /** One edit of a template: at {@code path}, odd value {@code kind} drawn with {@code seed}, or a removal. */
    record Edit(List<Object> path, int kind, long seed) {
        Object apply(Object body) {
            return kind == REMOVE ? GeneratedFuzz.remove(body, path)
                    : GeneratedFuzz.setAt(body, path, GeneratedFuzz.oddValue(kind, new Random(seed)));
        }

        Map<String, Object> toLine() {
            return map("path", path, "kind", kind, "seed", seed);
        }

        static Edit fromLine(Object line) {
            Map<?, ?> edit = (Map<?, ?>) line;
            List<Object> path = new ArrayList<>((List<?>) edit.get("path"));
            return new Edit(path, ((Number) edit.get("kind")).intValue(), ((Number) edit.get("seed")).longValue());
        }
    }

    record Case(Template template, List<Edit> edits) {
        Map<String, Object> body() {
            Object body = GeneratedFuzz.deepCopy(template.body.get());
            for (Edit edit : edits) {
                body = edit.apply(body);
            }
            return body instanceof Map<?, ?> map ? stringKeyed(map) : null;
        }
    }

    @Test
    void everyRecordedBodyGetsTheRecordedAnswer() throws IOException {
        System.out.println("TaskAnswersTest seed " + SEED);
        String record = System.getProperty(RECORD);
        if (record != null) {
            List<String> lines = new ArrayList<>();
            for (Case c : generate(new Random(SEED))) {
                lines.add(written(line(c, answer(c))));
            }
            Files.write(Path.of(record), lines, StandardCharsets.UTF_8);
        }
        List<Map<String, Object>> recorded = recorded();
        int accepted = 0;
        List<String> mismatches = new ArrayList<>();
        for (int i = 0; i < recorded.size(); i++) {
            Map<String, Object> line = recorded.get(i);
            Case c = new Case(Template.named((String) line.get("template")),
                    ((List<?>) line.get("edits")).stream().map(Edit::fromLine).toList());
            Object now = parse(written(line(c, answer(c)))).get("answer");
            if (!Objects.equals(line.get("answer"), now)) {
                mismatches.add("line " + (i + 1) + " " + c.template().wire + " " + line.get("edits") + ": recorded "
                        + abbreviate(line.get("answer")) + ", now " + abbreviate(now));
            }
            accepted += accepted(line.get("answer")) ? 1 : 0;
        }
        System.out.println("TaskAnswersTest replayed " + recorded.size() + " bodies (" + accepted + " accepted), "
                + mismatches.size() + " answered differently");
        assertTrue(recorded.size() > 1_000, "bodies replayed: " + recorded.size());
        assertTrue(accepted > 0 && accepted < recorded.size(), "the recording holds acceptances and refusals");
        assertEquals(List.of(), mismatches.subList(0, Math.min(5, mismatches.size())),
                mismatches.size() + " of " + recorded.size() + " bodies answered differently from " + RESOURCE);
    }

    /** Whether a recorded answer (one outcome, or the outcomes of an edit on a task and on a goal) accepts. */
    private static boolean accepted(Object answer) {
        if (answer instanceof List<?> outcomes) {
            return outcomes.stream().anyMatch(TaskAnswersTest::accepted);
        }
        return answer instanceof Map<?, ?> outcome && Integer.valueOf(200).equals(outcome.get("status"));
    }

    private static Map<String, Object> line(Case c, Object answer) {
        return map("template", c.template().wire, "edits", c.edits().stream().map(Edit::toLine).toList(),
                "answer", answer);
    }

    /**
     * A recorded line as JSON, with each run of one letter or digit longer than {@link #RUN} written as
     * {@code <x × n>}: the oversized odd values are quoted back in some errors, and the recording need not hold them.
     */
    private static String written(Map<String, Object> line) {
        return RUNS.matcher(Harness.write(line)).replaceAll(run -> "<" + run.group(1) + " \u00d7 " + run.group().length() + ">");
    }

    // ---------------------------------------------------------------- generation (when recording)

    /** Every position of each template and of its schema gets each odd value and a removal; then random edits. */
    static List<Case> generate(Random random) {
        Map<String, Object> schemas = plain(OnboardingSchemas.all(CompletionMode.GRACE));
        List<Case> out = new ArrayList<>();
        for (Template template : Template.values()) {
            @SuppressWarnings("unchecked")
            Map<String, Object> schema = (Map<String, Object>) schemas.get(template.schema);
            List<List<Object>> positions = GeneratedFuzz.positions(schema, template.body.get());
            out.add(new Case(template, List.of()));
            for (List<Object> path : positions) {
                if (path.isEmpty()) {
                    continue;
                }
                List<Integer> kinds = new ArrayList<>(IntStream.range(0, ODD_VALUES).boxed().toList());
                for (int pick = 0; pick < ODD_VALUES_PER_POSITION; pick++) {
                    int kind = kinds.remove(random.nextInt(kinds.size()));
                    out.add(new Case(template, List.of(new Edit(path, kind, random.nextLong()))));
                }
                out.add(new Case(template, List.of(new Edit(path, REMOVE, 0))));
            }
            for (int i = 0; i < RANDOM_BODIES_PER_TEMPLATE; i++) {
                List<Edit> edits = new ArrayList<>();
                for (int edit = 1 + random.nextInt(4); edit > 0; edit--) {
                    List<Object> path = positions.get(1 + random.nextInt(positions.size() - 1));
                    edits.add(new Edit(path, random.nextInt(ODD_VALUES), random.nextLong()));
                }
                out.add(new Case(template, edits));
            }
        }
        return out;
    }

    // ---------------------------------------------------------------- answers

    /** The answer to one body: null when the body is refused before any field is read (RootKeys). */
    private static Object answer(Case c) {
        Map<String, Object> body = c.body();
        return switch (c.template()) {
            case TASK, GOAL -> body != null && body.get("task") instanceof Map<?, ?> task
                    ? outcome(() -> CREATES.read(SentTask.of(task), false)) : null;
            case BATCH -> body != null && body.get("goals") instanceof List<?> goals
                    ? outcome(() -> CREATES.batch(copies(goals).stream().map(SentTask::ifObject).toList(), null).goals()) : null;
            case EDIT -> body != null && body.get("task") instanceof Map<?, ?> task
                    ? List.of(outcome(() -> edit(CURRENT, SentTask.of(task))),
                            outcome(() -> edit(CURRENT_GOAL, SentTask.of(task)))) : null;
        };
    }

    /** An edit as the route and the use case apply it: the parser, then the rule that a goal stays a goal. */
    private static TaskSpec edit(TaskSpec current, SentTask task) {
        try {
            TaskSpec updated = UPDATES.read(task).applyTo(current);
            if (TaskFieldRules.changesGoalKind(current.type(), updated.type())) {
                throw new TaskFieldsRejectedException(new FieldErrors().add("type", TaskFieldRules.GOAL_TYPE_CHANGE));
            }
            return updated;
        } catch (TaskFieldsRejectedException rejected) {
            UpdateTaskParser.sentType(task).filter(type -> TaskFieldRules.changesGoalKind(current.type(), type))
                    .ifPresent(type -> rejected.errors().add("type", TaskFieldRules.GOAL_TYPE_CHANGE));
            throw rejected;
        }
    }

    /**
     * What a request is answered: the status and the pinned keys of the body the error mapper renders for a refusal,
     * or 200 and the typed result in a form that does not depend on how an id is typed.
     */
    private static Map<String, Object> outcome(Supplier<Object> parse) {
        Map<String, Object> out = new LinkedHashMap<>();
        try {
            Object typed = parse.get();
            out.put("status", 200);
            out.put("typed", digest(canonical(typed)));
        } catch (RuntimeException refused) {
            ErrorHandlers.Rendered rendered = ERRORS.render(refused, "/api/tasks");
            out.put("status", rendered.status());
            Map<String, Object> pinned = new LinkedHashMap<>();
            plain(ERRORS.tree(rendered.body())).forEach((key, value) -> {
                if (PINNED_KEYS.contains(key)) {
                    pinned.put(key, value);
                }
            });
            out.put("body", pinned);
        }
        return out;
    }

    /**
     * A typed value as a tree of maps, lists and scalars: a record by its components (a record of one component,
     * such as an id, by that component's value), an enum by its name, a task identifier by its text.
     */
    static Object canonical(Object value) {
        if (value == null || value instanceof String || value instanceof Number || value instanceof Boolean) {
            return value;
        }
        if (value instanceof TaskDetails details) {
            return byDetail(detail -> details.text(detail) != null, detail -> canonical(detailValue(details, detail)));
        }
        if (value instanceof UpdateTask.DetailsEdit edit) {
            return byDetail(edit::sends, detail -> edit.sends(detail)
                    ? canonical(detailValue(edit.values(), detail)) : "Unchanged");
        }
        if (value instanceof Enum<?> constant) {
            return constant.name();
        }
        if (value instanceof TaskIdentifier identifier) {
            return identifier.toString();
        }
        if (value instanceof Collection<?> collection) {
            return collection.stream().map(TaskAnswersTest::canonical).toList();
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((key, entry) -> out.put(String.valueOf(key), canonical(entry)));
            return out;
        }
        if (value instanceof Record record) {
            RecordComponent[] components = record.getClass().getRecordComponents();
            if (components.length == 1) {
                return canonical(component(record, components[0]));
            }
            Map<String, Object> out = new LinkedHashMap<>();
            for (RecordComponent component : components) {
                out.put(component.getName(), canonical(component(record, component)));
            }
            return out;
        }
        return value.getClass().getSimpleName();
    }

    /**
     * The details as the recording knows them, whatever record holds them: one key per detail, in {@link Detail}
     * order, named as the record component it was when the answers were recorded ({@code estimatedFiles}). A text
     * detail added since then appears only when {@code stated}, so that the recording stays valid.
     */
    private static Map<String, Object> byDetail(java.util.function.Predicate<Detail> stated,
            java.util.function.Function<Detail, Object> value) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Detail detail : Detail.values()) {
            if (!detail.text() || RECORDED_TEXTS.contains(detail) || stated.test(detail)) {
                String[] words = detail.name().toLowerCase(java.util.Locale.ROOT).split("_");
                StringBuilder name = new StringBuilder(words[0]);
                for (int i = 1; i < words.length; i++) {
                    name.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1));
                }
                out.put(name.toString(), value.apply(detail));
            }
        }
        return out;
    }

    private static Object detailValue(TaskDetails details, Detail detail) {
        return switch (detail.form()) {
            case TEXT -> details.text(detail);
            case LINES -> switch (detail) {
                case PITFALLS -> details.pitfalls();
                case OUT_OF_SCOPE -> details.outOfScope();
                default -> details.technologyRequirements();
            };
            case NAMED_TEXTS -> details.integrationPoints();
            case OBJECT -> details.technicalDetails();
            case ROWS -> details.behaviourTestMatrix();
        };
    }

    /** A short digest of a typed result, so that the recording stays small; a mismatch names the template and the edits to replay. */
    private static String digest(Object canonical) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest(Harness.write(canonical).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, DIGEST_BYTES);
        } catch (NoSuchAlgorithmException missing) {
            throw new IllegalStateException(missing);
        }
    }

    private static Object component(Record record, RecordComponent component) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException unreadable) {
            throw new IllegalStateException(component.toString(), unreadable);
        }
    }

    // ---------------------------------------------------------------- the recording

    private static List<Map<String, Object>> recorded() {
        try (InputStream in = TaskAnswersTest.class.getResourceAsStream(RESOURCE)) {
            assertNotNull(in, RESOURCE);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank())
                    .map(TaskAnswersTest::parse).toList();
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    private static Map<String, Object> parse(String line) {
        try {
            return Harness.MAPPER.readValue(line, LINE);
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    private static Map<String, Object> stringKeyed(Map<?, ?> map) {
        @SuppressWarnings("unchecked")
        Map<String, Object> copy = (Map<String, Object>) GeneratedFuzz.deepCopy(TaskJsonValues.stringKeyed(map));
        return copy;
    }

    private static List<Object> copies(List<?> list) {
        List<Object> out = new ArrayList<>();
        list.forEach(entry -> out.add(GeneratedFuzz.deepCopy(entry)));
        return out;
    }

    private static String abbreviate(Object value) {
        String text = String.valueOf(value);
        return text.length() > 400 ? text.substring(0, 400) + "…" : text;
    }
}
