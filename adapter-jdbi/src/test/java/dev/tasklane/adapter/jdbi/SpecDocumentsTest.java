package dev.tasklane.adapter.jdbi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tasklane.domain.task.Verbatim;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.BehaviourRow;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Detail;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.TaskDetails;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.task.TestingStrategy;
import dev.tasklane.domain.task.TextOrList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The spec column: documents stored before the typed details existed still read, and typed specs round-trip. */
class SpecDocumentsTest {
    /** A spec document exactly as the store wrote it while details and testing_strategy were plain maps. */
    private static final String STORED_BEFORE_TYPED_DETAILS = """
            {"title":"Add login","type":"WORK","priority":"HIGH","complexity":"MEDIUM","description":"d",\
            "acceptance_criteria":"a\\nb","needs_review":true,"human_task":false,"dependencies":["W1"],\
            "key_files":[{"file_path":"lib/a.ex","note":null,"position":0}],"verification_steps":[],\
            "required_capabilities":["TESTING"],"testing_strategy":{"edge_cases":["empty","huge"],"unit_tests":"u"},\
            "security_considerations":["tokens"],"details":{"why":"because","estimated_files":"2-4",\
            "pitfalls":["p1"],"technical_details":{"a":{"b":1},"list":[1,2.5,"s",null,true]},\
            "integration_points":{"api":"x","ui":["a","b"]},"behaviour_test_matrix":[{"category":"Happy path",\
            "behaviour":"logs in","test_name":"t1","type":"unit","extra":"not part of the row","status":"planned"},\
            {"category":"Boundary","behaviour":"long name","status":"not_applicable","na_reason":"none","position":1}]}}""";

    @Test
    void aSpecStoredBeforeTheTypedDetailsReadsIntoTheTypedRecords() {
        TaskSpec spec = TaskDocuments.spec(STORED_BEFORE_TYPED_DETAILS);

        assertEquals("Add login", spec.title());
        assertEquals(Set.of(Capability.TESTING), spec.requiredCapabilities());
        assertEquals(List.of(new KeyFile("lib/a.ex", null, 0)), spec.keyFiles());
        assertEquals(new TestingStrategy(TextOrList.of("u"), null, null, TextOrList.of(List.of("empty", "huge")), null),
                spec.testingStrategy());
        TaskDetails details = spec.details();
        assertEquals("because", details.text(Detail.WHY));
        assertEquals("2-4", details.text(Detail.ESTIMATED_FILES));
        assertEquals(List.of("p1"), details.pitfalls());
        assertNull(details.outOfScope(), "a detail that was not stated stays absent");
        assertEquals(Map.of("api", TextOrList.of("x"), "ui", TextOrList.of(List.of("a", "b"))),
                details.integrationPoints());
        assertEquals(List.of("a", "list"), List.copyOf(details.technicalDetails().values().keySet()));
        assertEquals(new Verbatim("{\"b\":1}"), details.technicalDetails().values().get("a"));
        assertEquals(new Verbatim("[1,2.5,\"s\",null,true]"), details.technicalDetails().values().get("list"));
        assertEquals(List.of(new BehaviourRow("Happy path", "logs in", "t1", "unit", "planned", null, null),
                new BehaviourRow("Boundary", "long name", null, null, "not_applicable", "none", 1)),
                details.behaviourTestMatrix());
    }

    @Test
    void aTypedSpecRoundTripsThroughTheStoredForm() {
        Map<String, Verbatim> technical = new LinkedHashMap<>();
        technical.put("z", new Verbatim("{\"nested\":[true,null,\"\\u00e9\\\"q\"]}"));
        technical.put("a", new Verbatim("3"));
        TaskSpec spec = TaskSpec.builder("Round trip", TaskType.DEFECT, Priority.LOW)
                .testingStrategy(new TestingStrategy(null, TextOrList.of(List.of()), TextOrList.of("m"), null,
                        TextOrList.of("90%")))
                .details(TaskDetails.builder().text(Detail.WHAT, "w").pitfalls(List.of()).technologyRequirements(List.of("java"))
                        .integrationPoints(Map.of("db", TextOrList.of(List.of("pg"))))
                        .technicalDetails(new UnknownKeys(technical))
                        .behaviourTestMatrix(List.of(new BehaviourRow("Concurrency", "b", "t", "unit / manual", null,
                                null, 4)))
                        .build())
                .build();

        TaskSpec read = TaskDocuments.spec(TaskDocuments.spec(spec));

        assertEquals(spec.testingStrategy(), read.testingStrategy());
        assertEquals(spec.details().integrationPoints(), read.details().integrationPoints());
        assertEquals(spec.details().behaviourTestMatrix(), read.details().behaviourTestMatrix());
        assertEquals(List.of("z", "a"), List.copyOf(read.details().technicalDetails().values().keySet()));
        assertEquals(spec.details().toBuilder().technicalDetails(null).build(),
                read.details().toBuilder().technicalDetails(null).build());
        assertEquals(spec.toBuilder().details(null).build(), read.toBuilder().details(null).build());
    }

    /** The details object as the store writes it today: every text detail under its stored name. */
    private static final String STORED_TEXTS = """
            {"title":"Texts","type":"WORK","priority":"LOW","complexity":"SMALL","needs_review":false,\
            "human_task":false,"details":{"estimated_files":"3","why":"y","what":"w","where_context":"wc",\
            "patterns_to_follow":"ptf","database_changes":"dc","validation_rules":"vr","telemetry_event":"te",\
            "metrics_to_track":"mt","logging_requirements":"lr","error_user_message":"eum",\
            "error_on_failure":"eof","pitfalls":["p"]}}""";

    /**
     * Rows stored today read unchanged, text detail by text detail, and are written back under the same names: the
     * stored names are pinned here, apart from the wire's.
     */
    @Test
    void everyStoredTextDetailReadsAndIsWrittenUnderItsStoredName() {
        Map<String, Detail> stored = new LinkedHashMap<>();
        stored.put("estimated_files", Detail.ESTIMATED_FILES);
        stored.put("why", Detail.WHY);
        stored.put("what", Detail.WHAT);
        stored.put("where_context", Detail.WHERE_CONTEXT);
        stored.put("patterns_to_follow", Detail.PATTERNS_TO_FOLLOW);
        stored.put("database_changes", Detail.DATABASE_CHANGES);
        stored.put("validation_rules", Detail.VALIDATION_RULES);
        stored.put("telemetry_event", Detail.TELEMETRY_EVENT);
        stored.put("metrics_to_track", Detail.METRICS_TO_TRACK);
        stored.put("logging_requirements", Detail.LOGGING_REQUIREMENTS);
        stored.put("error_user_message", Detail.ERROR_USER_MESSAGE);
        stored.put("error_on_failure", Detail.ERROR_ON_FAILURE);
        List<String> values = List.of("3", "y", "w", "wc", "ptf", "dc", "vr", "te", "mt", "lr", "eum", "eof");

        TaskDetails details = TaskDocuments.spec(STORED_TEXTS).details();
        int i = 0;
        for (Detail detail : stored.values()) {
            assertEquals(values.get(i++), details.text(detail), detail::name);
        }
        assertEquals(List.of("p"), details.pitfalls());

        Map<String, Object> written = SpecDocuments.details(details);
        List<String> keys = new java.util.ArrayList<>(stored.keySet());
        keys.add("pitfalls");
        assertEquals(keys, List.copyOf(written.keySet()));
        i = 0;
        for (String key : stored.keySet()) {
            assertEquals(values.get(i++), written.get(key), key);
        }
    }
}
