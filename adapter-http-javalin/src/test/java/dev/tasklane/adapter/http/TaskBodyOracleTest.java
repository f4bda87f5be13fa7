package dev.tasklane.adapter.http;

import static dev.tasklane.adapter.http.Harness.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tasklane.application.port.in.BatchRejectedException;
import dev.tasklane.application.port.in.CreateBatch;
import dev.tasklane.application.port.in.NewTask;
import dev.tasklane.application.port.in.Patch;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.adapter.http.onboarding.OnboardingExamples;
import dev.tasklane.adapter.http.onboarding.OnboardingSchemas;
import dev.tasklane.domain.error.TasklaneException;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.validation.FieldErrors;
import dev.tasklane.domain.validation.LegacyTaskFieldRules;
import dev.tasklane.domain.validation.LegacyTaskFieldRules.TaskDraft;
import dev.tasklane.domain.validation.Limit;
import dev.tasklane.domain.validation.TaskFieldRules;
import dev.tasklane.domain.validation.TaskFieldsRejectedException;
import dev.tasklane.domain.validation.TaskUpdateRejectedException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The task body parsers of the HTTP adapter answer every create, goal, batch and edit body exactly as the domain's
 * parser did before it moved (kept as {@link LegacyTaskFieldRules}, the oracle): the same 422 with the same errors in
 * the same order, or the same typed task. The bodies are the onboarding examples with one position replaced by each of
 * {@link GeneratedFuzz}'s odd values (or removed), at every position of their schemas and templates, plus seeded
 * random multi-position edits; the seed is printed and replayed with {@code -Dtasklane.fuzz.seed=}.
 */
class TaskBodyOracleTest {
    private static final int RANDOM_BODIES_PER_TEMPLATE = 150;
    private static final int ODD_VALUES = 22;
    private static final Json JSON = new Json(HttpSettings.defaults("http://localhost"));
    private static final CreateTaskParser CREATES = new CreateTaskParser(JSON);
    private static final UpdateTaskParser UPDATES = new UpdateTaskParser(JSON);
    private static final TaskSpec CURRENT = TaskSpec.builder("Current", TaskType.WORK, Priority.LOW)
            .dependencies(List.of("W1")).build();
    private static final TaskSpec CURRENT_GOAL = CURRENT.toBuilder().type(TaskType.GOAL).build();

    private record Template(String name, Map<String, Object> body, Map<String, Object> schema,
            Function<Map<String, Object>, List<String>> compare) {
    }

    @Test
    void everyGeneratedBodyGetsTheAnswerTheDomainParserGave() {
        long seed = GeneratedFuzz.seed();
        System.out.println("TaskBodyOracleTest seed " + seed + " (replay with -Dtasklane.fuzz.seed=" + seed + ")");
        Random random = new Random(seed);
        Map<String, Object> schemas = OnboardingSchemas.all(CompletionMode.GRACE);
        List<Template> templates = List.of(
                new Template("create task", OnboardingExamples.createTask(), schema(schemas, "task"), TaskBodyOracleTest::create),
                new Template("create goal", OnboardingExamples.createGoal(), schema(schemas, "goal"), TaskBodyOracleTest::create),
                new Template("batch", OnboardingExamples.batch(), schema(schemas, "batch"), TaskBodyOracleTest::batch),
                new Template("edit", map("task", map("title", "Renamed", "priority", "high", "type", "defect",
                        "acceptance_criteria", "a\nb", "pitfalls", List.of("p"), "dependencies", List.of("W2"),
                        "technical_details", map("k", List.of(1, 2.5, "s")))), schema(schemas, "task"),
                        TaskBodyOracleTest::update));
        List<String> mismatches = new ArrayList<>();
        int compared = 0;
        for (Template template : templates) {
            List<Map<String, Object>> bodies = new ArrayList<>();
            bodies.add(template.body());
            for (List<Object> path : GeneratedFuzz.positions(template.schema(), template.body())) {
                if (path.isEmpty()) {
                    continue;
                }
                for (int kind = 0; kind < ODD_VALUES; kind++) {
                    bodies.add(edited(template.body(), path, GeneratedFuzz.oddValue(kind, random)));
                }
                bodies.add(asMap(GeneratedFuzz.remove(GeneratedFuzz.deepCopy(template.body()), path)));
            }
            List<List<Object>> positions = GeneratedFuzz.positions(template.schema(), template.body());
            for (int i = 0; i < RANDOM_BODIES_PER_TEMPLATE; i++) {
                Object body = GeneratedFuzz.deepCopy(template.body());
                for (int edit = 1 + random.nextInt(4); edit > 0; edit--) {
                    List<Object> path = positions.get(1 + random.nextInt(positions.size() - 1));
                    body = GeneratedFuzz.setAt(body, path, GeneratedFuzz.oddValue(random.nextInt(ODD_VALUES), random));
                }
                bodies.add(asMap(body));
            }
            for (Map<String, Object> body : bodies) {
                if (body == null) {
                    continue;
                }
                compared++;
                for (String mismatch : template.compare().apply(body)) {
                    mismatches.add(template.name() + " " + abbreviate(body) + ": " + mismatch);
                }
            }
        }
        System.out.println("TaskBodyOracleTest compared " + compared + " bodies, " + mismatches.size() + " answered differently");
        assertTrue(compared > 1_000, "bodies compared: " + compared);
        assertEquals(List.of(), mismatches.subList(0, Math.min(5, mismatches.size())),
                mismatches.size() + " of " + compared + " bodies answered differently (seed " + seed + ")");
    }

    // ---------------------------------------------------------------- the three requests, old against new

    private static List<String> create(Map<String, Object> body) {
        if (!(body.get("task") instanceof Map<?, ?> raw)) {
            return List.of(); // refused before any field is read (RootKeys), by both
        }
        Map<String, Object> task = TaskJsonValues.stringKeyed(raw);
        Object old = outcome(() -> draft(LegacyTaskFieldRules.parseCreate(copy(task), false)));
        Object now = outcome(() -> draft(CREATES.read(copy(task), false)));
        return old.equals(now) ? List.of() : List.of("old " + old + " new " + now);
    }

    private static List<String> batch(Map<String, Object> body) {
        if (!(body.get("goals") instanceof List<?> goals)) {
            return List.of();
        }
        Object old = outcome(() -> legacyBatch(new ArrayList<>(goals)));
        Object now = outcome(() -> {
            CreateBatch batch = CREATES.batch(new ArrayList<>(copyList(goals)), null);
            return batch.goals().stream().map(TaskBodyOracleTest::draft).toList();
        });
        return old.equals(now) ? List.of() : List.of("old " + old + " new " + now);
    }

    private static List<String> update(Map<String, Object> body) {
        if (!(body.get("task") instanceof Map<?, ?> raw)) {
            return List.of();
        }
        Map<String, Object> task = TaskJsonValues.stringKeyed(raw);
        List<String> out = new ArrayList<>();
        for (TaskSpec current : List.of(CURRENT, CURRENT_GOAL)) {
            Object old = outcome(() -> LegacyTaskFieldRules.applyUpdate(current, copy(task)));
            Object now = outcome(() -> edit(current, task));
            if (!old.equals(now)) {
                out.add("on a " + current.type().wire() + ": old " + old + " new " + now);
            }
        }
        return out;
    }

    /** The new path of an edit: the parser, then the kind rule the route and the use case apply. */
    private static TaskSpec edit(TaskSpec current, Map<String, Object> task) {
        try {
            TaskSpec updated = UPDATES.read(copy(task)).applyTo(current);
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

    /** The old service's batch: caps on the raw goals, then each goal parsed in order, as a goal. */
    private static List<Object> legacyBatch(List<Object> goals) {
        if (!Limit.BATCH_GOALS.fits(goals)) {
            throw new TaskFieldsRejectedException(new FieldErrors().add("goals", Limit.BATCH_GOALS.exceeded()));
        }
        long total = 0;
        for (Object goal : goals) {
            total += 1 + (goal instanceof Map<?, ?> map && map.get("tasks") instanceof List<?> children ? children.size() : 0);
        }
        if (total > Limit.REQUEST_TASKS.max()) {
            throw new TaskFieldsRejectedException(new FieldErrors().add("goals",
                    "hold " + total + " tasks and goals in total: " + Limit.REQUEST_TASKS.exceeded()));
        }
        List<Object> out = new ArrayList<>();
        for (int index = 0; index < goals.size(); index++) {
            if (!(goals.get(index) instanceof Map<?, ?> map)) {
                throw new BatchRejectedException(index, new FieldErrors().add("goal", CreateTaskParser.NOT_A_GOAL_OBJECT));
            }
            try {
                out.add(draft(LegacyTaskFieldRules.parseCreate(copy(TaskJsonValues.stringKeyed(map)), false)));
            } catch (TaskFieldsRejectedException rejected) {
                throw new BatchRejectedException(index, rejected.errors());
            }
        }
        return out;
    }

    // ---------------------------------------------------------------- outcomes in one comparable form

    private interface Parse {
        Object run();
    }

    /** What a request is answered: the refusal's code and body, or the typed result; never another exception. */
    private static Object outcome(Parse parse) {
        try {
            return List.of("accepted", parse.run());
        } catch (TaskFieldsRejectedException rejected) {
            return List.of(rejected.code(), ErrorJson.fieldErrors(rejected.errors()));
        } catch (TaskUpdateRejectedException rejected) {
            return List.of(rejected.code(), rejected.failures());
        } catch (BatchRejectedException rejected) {
            return List.of(rejected.code(), rejected.index(), ErrorJson.fieldErrors(rejected.fieldErrors()));
        } catch (TasklaneException refused) {
            return List.of(refused.code(), refused.getMessage());
        }
    }

    private static Object draft(TaskDraft draft) {
        Object parent = draft.parentRef() instanceof Number number ? new TaskRef.ById(TaskId.of(number.longValue()))
                : draft.parentRef() == null ? null : TaskRef.parse(draft.parentRef().toString());
        Patch<String> agent = draft.createdByAgent().map(explicit -> Patch.to(explicit.name()))
                .orElse(Patch.unchanged());
        return java.util.Arrays.asList(draft.spec(), draft.dependencies(), draft.assignee(), parent, agent.toString(),
                draft.children().stream().map(TaskBodyOracleTest::draft).toList());
    }

    private static Object draft(NewTask task) {
        return java.util.Arrays.asList(task.spec(), task.dependencies(), task.assignee(), task.parent(),
                task.createdByAgent().toString(), task.children().stream().map(TaskBodyOracleTest::draft).toList());
    }

    // ---------------------------------------------------------------- bodies

    @SuppressWarnings("unchecked")
    private static Map<String, Object> schema(Map<String, Object> schemas, String name) {
        return (Map<String, Object>) schemas.get(name);
    }

    private static Map<String, Object> edited(Map<String, Object> template, List<Object> path, Object value) {
        return asMap(GeneratedFuzz.setAt(GeneratedFuzz.deepCopy(template), path, value));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object body) {
        return body instanceof Map<?, ?> map ? (Map<String, Object>) map : null;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> copy(Map<String, Object> task) {
        return (Map<String, Object>) GeneratedFuzz.deepCopy(task);
    }

    private static List<Object> copyList(List<?> list) {
        List<Object> out = new ArrayList<>();
        list.forEach(entry -> out.add(GeneratedFuzz.deepCopy(entry)));
        return out;
    }

    private static String abbreviate(Object body) {
        String text = String.valueOf(body);
        return text.length() > 300 ? text.substring(0, 300) + "…" : text;
    }
}
