package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.routes.WorkflowRoutes.ClaimBody;
import dev.tasklane.domain.validation.Limit;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The ordered validator of request records: each check's refusal, and the first failing check in order wins. */
class BodyChecksTest {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private static ObjectNode body(String json) {
        try {
            return (ObjectNode) MAPPER.readTree(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException malformed) {
            throw new IllegalArgumentException(malformed);
        }
    }

    private static String refusal(BodyChecks checks, String json) {
        RequestRefused refused = assertThrows(RequestRefused.class, () -> checks.apply(body(json)));
        return MAPPER.valueToTree(refused.body()).get("errors").toString();
    }

    @Test
    void theFirstFailingCheckInTheirOrderIsReportedWhateverTheKeysOrder() {
        BodyChecks checks = ClaimBody.CHECKS;
        String bodies = " (docs/api.md#the-loops-bodies-complete)";
        assertEquals("{\"identifier\":[\"must be a string, got a number, e.g. \\\"W1\\\"" + bodies + "\"]}",
                refusal(checks, "{\"claim_token\": 1, \"agent_name\": true, \"identifier\": 5}"));
        assertEquals("{\"agent_name\":[\"must be a string, got a boolean, e.g. \\\"newcomer-bot\\\"" + bodies + "\"]}",
                refusal(checks, "{\"claim_token\": 1, \"agent_name\": true}"));
        assertEquals("{\"claim_token\":[\"must be a string, got an array, e.g. the claim_token string the claim answered"
                + bodies + "\"]}", refusal(checks, "{\"claim_token\": []}"));
    }

    @Test
    void absentAndNullValuesPassTypeChecks() {
        assertDoesNotThrow(() -> ClaimBody.CHECKS.apply(body("{\"identifier\": null}")));
        assertDoesNotThrow(() -> ArchiveBody.CHECKS.apply(body("{}")));
        assertDoesNotThrow(() -> AssignBody.CHECKS.apply(body("{\"assigned_to_id\": null}")));
    }

    @Test
    void aFixedReasonReplacesTheTypeNamingOne() {
        assertEquals("{\"note\":[\"must be a string\"]}", refusal(ArchiveBody.CHECKS, "{\"note\": {}}"));
    }

    @Test
    void aStringPastItsLimitIsRefusedAfterItsType() {
        String tooLong = "W".repeat(Limit.LIST_ENTRY.max() + 1);
        assertEquals("{\"before\":[\"" + Limit.LIST_ENTRY.exceeded() + "\"]}",
                refusal(PositionBody.CHECKS, "{\"after\": 3, \"before\": \"" + tooLong + "\"}"));
    }

    @Test
    void aRequiredKeyMayBeNullButMustBeSentAndAnIntegerMustFitALong() {
        assertEquals("{\"assigned_to_id\":[\"is required (a user id, or null to unassign)\"]}",
                refusal(AssignBody.CHECKS, "{}"));
        assertEquals("{\"assigned_to_id\":[\"is out of range\"]}",
                refusal(AssignBody.CHECKS, "{\"assigned_to_id\": 123456789012345678901234567890}"));
        assertEquals("{\"assigned_to_id\":[\"must be an integer, got a number\"]}",
                refusal(AssignBody.CHECKS, "{\"assigned_to_id\": 1.0}"));
        assertEquals("{\"assigned_to_id\":[\"must be an integer, got a string\"]}",
                refusal(AssignBody.CHECKS, "{\"assigned_to_id\": \"7\"}"));
        assertDoesNotThrow(() -> AssignBody.CHECKS.apply(body("{\"assigned_to_id\": 9223372036854775807}")));
    }

    @Test
    void jsonTypesAreNamedAsTheRefusalsSayThem() {
        assertEquals("null", BodyChecks.jsonType(null));
        assertEquals("null", BodyChecks.jsonType(MAPPER.nullNode()));
        assertEquals("an object", BodyChecks.jsonType(body("{}")));
        assertEquals("an array", BodyChecks.jsonType(MAPPER.createArrayNode()));
        assertEquals("a string", BodyChecks.jsonType(MAPPER.getNodeFactory().textNode("x")));
        assertEquals("a boolean", BodyChecks.jsonType(MAPPER.getNodeFactory().booleanNode(true)));
        assertEquals("a number", BodyChecks.jsonType(MAPPER.getNodeFactory().numberNode(1.5)));
    }
}
