package dev.tasklane.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.tasklane.domain.task.ChangedFile;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.Verbatim;
import dev.tasklane.domain.task.WorkflowStep;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class KeptAsSentTest {
    private static final ObjectMapper MAPPER = JsonMapper.builder().addModule(KeptAsSent.module()).build();

    private static UnknownKeys keys(String... keyThenText) {
        Map<String, Verbatim> values = new LinkedHashMap<>();
        for (int i = 0; i < keyThenText.length; i += 2) {
            values.put(keyThenText[i], new Verbatim(keyThenText[i + 1]));
        }
        return new UnknownKeys(values);
    }

    @Test
    void aVerbatimValueIsWrittenAsTheTextItHolds() throws Exception {
        assertEquals("[1.50,{\"a\" : 1e2}]", MAPPER.writeValueAsString(List.of(new Verbatim("1.50"),
                new Verbatim("{\"a\" : 1e2}"))));
    }

    @Test
    void aRecordsUnknownKeysFollowItsNamedKeysAndNullsAreLeftOut() throws Exception {
        WorkflowStep step = new WorkflowStep("explorer", false, null, "not needed", null,
                keys("zeta", "1.50", "alpha", "[true,null]"));
        assertEquals("{\"name\":\"explorer\",\"dispatched\":false,\"reason\":\"not needed\",\"zeta\":1.50,"
                + "\"alpha\":[true,null]}", MAPPER.writeValueAsString(step));
        assertEquals("{\"path\":\"a.txt\"}", MAPPER.writeValueAsString(ChangedFile.of("a.txt", null)));
    }

    @Test
    void unknownKeysNotHeldByARecordAreAnObjectOfTheirOwn() throws Exception {
        assertEquals("{\"x\":\"y\",\"n\":7}", MAPPER.writeValueAsString(keys("x", "\"y\"", "n", "7")));
    }

    @Test
    void aSentObjectTypesWhatIsOfItsTypeAndKeepsTheRestAsSent() throws Exception {
        JsonNode sent = MAPPER.readTree("{\"extra\":{\"b\":[1,2]},\"name\":7,\"count\":3,\"flag\":\"yes\","
                + "\"items\":[{\"k\":1},2],\"checks\":[\"a\",{\"b\":null}],\"big\":123456789012345678901234567890}");
        SentObject object = new SentObject(MAPPER.writer(), sent,
                Set.of("name", "count", "flag", "items", "checks", "big", "missing"));
        assertNull(object.string("name"));
        assertEquals(3L, object.integer("count"));
        assertNull(object.bool("flag"));
        assertNull(object.list("items", item -> item));
        assertEquals(List.of(new Verbatim("\"a\""), new Verbatim("{\"b\":null}")), object.raws("checks"));
        assertNull(object.integer("big"));
        assertNull(object.string("missing"));
        assertEquals(keys("extra", "{\"b\":[1,2]}", "name", "7", "flag", "\"yes\"", "items", "[{\"k\":1},2]",
                "big", "123456789012345678901234567890"), object.unknownKeys());
        assertEquals(List.of("extra", "name", "flag", "items", "big"),
                List.copyOf(object.unknownKeys().values().keySet()));
    }

    @Test
    void aValueThatIsNoObjectReadsAsAnEmptyOne() throws Exception {
        SentObject object = new SentObject(MAPPER.writer(), MAPPER.readTree("[1]"), List.of("name"));
        assertNull(object.string("name"));
        assertEquals(UnknownKeys.NONE, object.unknownKeys());
    }
}
