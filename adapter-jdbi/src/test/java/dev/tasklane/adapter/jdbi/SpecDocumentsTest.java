package dev.tasklane.adapter.jdbi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tasklane.edge.TaskField;
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

        String written = TaskDocuments.spec(TaskDocuments.spec(STORED_TEXTS));
        String texts = written.substring(written.indexOf("\"details\":{") + "\"details\":{".length(),
                written.indexOf(",\"pitfalls\""));
        StringBuilder expected = new StringBuilder();
        i = 0;
        for (String key : stored.keySet()) {
            expected.append(expected.isEmpty() ? "" : ",").append('"').append(key).append("\":\"")
                    .append(values.get(i++)).append('"');
        }
        assertEquals(expected.toString(), texts);
        assertTrue(written.endsWith(",\"pitfalls\":[\"p\"]}}"), written);
    }

    // ---- today's forms and the older ones, written back byte for byte --------------------------------

    /** The keys of a spec document before its descriptive parts, as the store writes them. */
    private static final String HEAD = "{\"title\":\"T\",\"type\":\"WORK\",\"priority\":\"LOW\",\"complexity\":\"SMALL\","
            + "\"description\":null,\"acceptance_criteria\":null,\"needs_review\":false,\"human_task\":false,"
            + "\"dependencies\":[],\"key_files\":[],\"verification_steps\":[],\"required_capabilities\":[],";

    private static String spec(String strategy, String details) {
        return HEAD + "\"testing_strategy\":" + strategy + ",\"security_considerations\":[],\"details\":" + details + "}";
    }

    /** Every descriptive part stated, as the store writes it today. */
    private static final String TODAY_FULL = spec("""
            {"unit_tests":"u","integration_tests":["i1","i2"],"manual_tests":[],"edge_cases":["e"],\
            "coverage_target":"90%"}""", """
            {"estimated_files":"3","why":"y \\"q\\" \u00e9","what":"w","error_on_failure":"",\
            "pitfalls":["p1","p2"],"out_of_scope":[],"technology_requirements":["java","pg"],\
            "integration_points":{"db":"pg","ui":["a","b"],"empty":[]},\
            "technical_details":{"z":{"nested":[true,null,"\u00e9\\"q"],"n":{}},"a":3,"f":2.5,"e":1.0E10,\
            "big":123456789012345678901234567890,"s":"text","nil":null,"l":[]},\
            "behaviour_test_matrix":[{"category":"Happy path","behaviour":"b","test_name":"t","type":"unit",\
            "status":"planned","na_reason":null,"position":null},{"category":"Boundary","behaviour":"b2",\
            "test_name":null,"type":null,"status":"not_applicable","na_reason":"none","position":3}]}""");

    /** Nothing descriptive stated, as the store writes it today: two empty objects. */
    private static final String TODAY_EMPTY = spec("{}", "{}");

    @Test
    void everyDescriptivePartInTodaysFormReadsAndIsWrittenBackByteForByte() {
        TaskSpec spec = TaskDocuments.spec(TODAY_FULL);

        assertEquals(new TestingStrategy(TextOrList.of("u"), TextOrList.of(List.of("i1", "i2")),
                TextOrList.of(List.of()), TextOrList.of(List.of("e")), TextOrList.of("90%")), spec.testingStrategy());
        TaskDetails details = spec.details();
        assertEquals("3", details.text(Detail.ESTIMATED_FILES));
        assertEquals("y \"q\" \u00e9", details.text(Detail.WHY));
        assertEquals("", details.text(Detail.ERROR_ON_FAILURE));
        assertEquals(List.of(), details.outOfScope());
        assertEquals(List.of("db", "ui", "empty"), List.copyOf(details.integrationPoints().keySet()));
        assertEquals(TextOrList.of(List.of("a", "b")), details.integrationPoints().get("ui"));
        assertEquals(List.of("z", "a", "f", "e", "big", "s", "nil", "l"),
                List.copyOf(details.technicalDetails().values().keySet()));
        assertEquals(new Verbatim("null"), details.technicalDetails().values().get("nil"));
        assertEquals(new BehaviourRow("Boundary", "b2", null, null, "not_applicable", "none", 3),
                details.behaviourTestMatrix().get(1));
        assertEquals(TODAY_FULL, TaskDocuments.spec(spec));
    }

    @Test
    void aSpecStatingNoDescriptivePartIsWrittenBackByteForByte() {
        TaskSpec spec = TaskDocuments.spec(TODAY_EMPTY);

        assertEquals(TestingStrategy.NONE, spec.testingStrategy());
        assertEquals(TaskDetails.NONE, spec.details());
        assertEquals(TODAY_EMPTY, TaskDocuments.spec(spec));
    }

    @Test
    void aSpecWithoutItsDescriptivePartsOrWithThemNullReadsThemAsNotStated() {
        for (String stored : List.of(HEAD.substring(0, HEAD.length() - 1) + "}", spec("null", "null"))) {
            TaskSpec spec = TaskDocuments.spec(stored);

            assertEquals(TestingStrategy.NONE, spec.testingStrategy(), stored);
            assertEquals(TaskDetails.NONE, spec.details(), stored);
            assertEquals(TODAY_EMPTY, TaskDocuments.spec(spec), stored);
        }
    }

    /**
     * The older and looser forms the store still reads: keys missing or null, a strategy in another order or with a
     * key it does not name, details with keys they do not name, a text detail or a named text that is not of its
     * type, empty integration points, technical details and matrix, and a matrix row without its later keys or with
     * one it does not name. Each reads as it always has and is written back in today's form.
     */
    @Test
    void olderAndLooserDescriptivePartsReadAsTheyAlwaysHaveAndAreWrittenInTodaysForm() {
        String stored = spec("""
                {"coverage_target":["80%"],"legacy":"x","unit_tests":null,"edge_cases":"e","manual_tests":7}""", """
                {"legacy":{"k":1},"texts":"t","why":"y","what":null,"where_context":5,"pitfalls":null,"out_of_scope":["o"],\
                "integration_points":{"n":1,"m":null,"t":"text","o":{"k":"v"}},"technical_details":{},\
                "behaviour_test_matrix":[{"behaviour":"b","extra":"e","category":"Null / empty"}]}""");
        TaskSpec spec = TaskDocuments.spec(stored);

        assertEquals(new TestingStrategy(null, null, null, TextOrList.of("e"), TextOrList.of(List.of("80%"))),
                spec.testingStrategy());
        TaskDetails details = spec.details();
        assertEquals("y", details.text(Detail.WHY));
        assertNull(details.text(Detail.WHAT));
        assertNull(details.text(Detail.WHERE_CONTEXT), "a text detail stored as a number is not stated");
        assertNull(details.pitfalls());
        assertEquals(List.of("o"), details.outOfScope());
        assertEquals(Map.of("t", TextOrList.of("text")), details.integrationPoints());
        assertTrue(details.technicalDetails().isEmpty());
        assertEquals(List.of(new BehaviourRow("Null / empty", "b", null, null, "planned", null, null)),
                details.behaviourTestMatrix());
        assertEquals(spec("""
                {"edge_cases":"e","coverage_target":["80%"]}""", """
                {"why":"y","out_of_scope":["o"],"integration_points":{"t":"text"},"behaviour_test_matrix":[{\
                "category":"Null / empty","behaviour":"b","test_name":null,"type":null,"status":"planned",\
                "na_reason":null,"position":null}]}"""), TaskDocuments.spec(spec));
    }

    @Test
    void emptyNamedTextsTechnicalDetailsAndMatrixAreNotWritten() {
        String stored = spec("{}", """
                {"integration_points":{},"technical_details":{},"behaviour_test_matrix":[],"pitfalls":[]}""");

        assertEquals(spec("{}", "{\"pitfalls\":[]}"), TaskDocuments.spec(TaskDocuments.spec(stored)));
    }

    /**
     * The details document is driven by the field table: each text detail, whichever it is, is written under its
     * stored name and read back from it, so a text detail added to the table needs no edit in the store.
     */
    @Test
    void everyTextDetailOfTheTableIsWrittenAndReadUnderItsStoredName() {
        for (TaskField field : TaskField.texts()) {
            TaskSpec spec = TaskSpec.builder("T", TaskType.WORK, Priority.LOW)
                    .details(TaskDetails.builder().text(field.part(), "v \"" + field.storedName() + "\"").build()).build();

            String written = TaskDocuments.spec(spec);

            assertTrue(written.endsWith(",\"details\":{\"" + field.storedName() + "\":\"v \\\"" + field.storedName()
                    + "\\\"\"}}"), written);
            assertEquals(spec.details(), TaskDocuments.spec(written).details(), field::name);
        }
    }

    /** Entries of a stored list that are not strings read as their JSON text, as they always have. */
    @Test
    void aNamedListWithEntriesThatAreNotStringsReadsEachAsItsText() {
        String stored = spec("""
                {"unit_tests":["a",1,true]}""", """
                {"integration_points":{"p":["x",2.5]}}""");
        TaskSpec spec = TaskDocuments.spec(stored);

        assertEquals(TextOrList.of(List.of("a", "1", "true")), spec.testingStrategy().unitTests());
        assertEquals(TextOrList.of(List.of("x", "2.5")), spec.details().integrationPoints().get("p"));
    }

    /** The stored document of the spec that the store wrote, read back and written again, is the same text. */
    @Test
    void aSpecStoredBeforeTheTypedDetailsIsWrittenBackInTheFormItWasStoredIn() {
        String written = TaskDocuments.spec(TaskDocuments.spec(STORED_BEFORE_TYPED_DETAILS));

        assertEquals(written, TaskDocuments.spec(TaskDocuments.spec(written)));
        assertTrue(written.contains("\"testing_strategy\":{\"unit_tests\":\"u\",\"edge_cases\":[\"empty\",\"huge\"]}"),
                written);
        assertTrue(written.contains("\"technical_details\":{\"a\":{\"b\":1},\"list\":[1,2.5,\"s\",null,true]}"), written);
    }
}
