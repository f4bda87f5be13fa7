package dev.tasklane.adapter.http.onboarding;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** The hand-stated schema parts: only the keywords set, in the one order the published schemas use. */
class SchemaKeywordsTest {
    @Test
    void writesTheKeywordsSetInTheFixedOrderWhateverOrderTheyWereSetIn() {
        ObjectNode tree = new SchemaKeywords().description("d").required("a").maxItems(3).type("array")
                .items(new SchemaKeywords().type("string").maxLength(5)).minItems(1)
                .not(new SchemaKeywords().required("b")).tree();
        assertEquals("{\"type\":\"array\",\"minItems\":1,\"maxItems\":3,\"items\":{\"type\":\"string\","
                + "\"maxLength\":5},\"required\":[\"a\"],\"description\":\"d\",\"not\":{\"required\":[\"b\"]}}",
                tree.toString());
    }

    @Test
    void aConditionIsIfThenElseAndElseIsLeftOutWhenNone() {
        SchemaKeywords dispatched = SchemaKeywords.requires("dispatched", SchemaKeywords.constant(true));
        assertEquals("{\"if\":{\"required\":[\"dispatched\"],\"properties\":{\"dispatched\":{\"const\":true}}},"
                + "\"then\":{\"required\":[\"x\"]},\"else\":{\"required\":[\"y\"]}}", new SchemaKeywords()
                .when(dispatched, new SchemaKeywords().required("x"), new SchemaKeywords().required("y")).tree()
                .toString());
        assertEquals("{\"if\":{\"required\":[\"dispatched\"],\"properties\":{\"dispatched\":{\"const\":true}}},"
                + "\"then\":{\"required\":[\"x\"]}}", new SchemaKeywords()
                .when(dispatched, new SchemaKeywords().required("x"), null).tree().toString());
    }

    @Test
    void propertiesKeepTheOrderTheyWereAddedIn() {
        assertEquals("{\"properties\":{\"b\":{\"type\":\"string\"},\"a\":{\"const\":\"x\"}}}", new SchemaKeywords()
                .property("b", new SchemaKeywords().type("string")).property("a", SchemaKeywords.constant("x"))
                .tree().toString());
    }
}
