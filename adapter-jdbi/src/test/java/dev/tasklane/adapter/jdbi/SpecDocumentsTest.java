package dev.tasklane.adapter.jdbi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tasklane.domain.task.Verbatim;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.BehaviourRow;
import dev.tasklane.domain.task.Capability;
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
        assertEquals("because", details.why());
        assertEquals("2-4", details.estimatedFiles());
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
                .details(TaskDetails.builder().what("w").pitfalls(List.of()).technologyRequirements(List.of("java"))
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
}
