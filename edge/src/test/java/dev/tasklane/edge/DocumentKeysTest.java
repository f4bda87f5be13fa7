package dev.tasklane.edge;

import dev.tasklane.application.port.in.PartKeys;
import dev.tasklane.domain.task.InputPart;
import dev.tasklane.domain.task.TestingStrategy;
import dev.tasklane.domain.task.TextOrList;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The API's names for the parts the domain's rules refuse: each part has one, no two share one, and each name reads
 * back to its part; the lists the readers and the onboarding use keep the documented order; a testing strategy
 * round-trips through its JSON keys (docs/api.md, "Completion validation" and "Task fields").
 */
class DocumentKeysTest {
    @Test
    void everyPartHasItsOwnWireName() {
        Set<String> names = Arrays.stream(InputPart.values()).map(PartKeys::name).collect(Collectors.toSet());
        assertEquals(InputPart.values().length, names.size());
        for (InputPart part : InputPart.values()) {
            assertEquals(Optional.of(part), PartKeys.part(PartKeys.name(part)), part.name());
        }
        assertEquals(Optional.empty(), PartKeys.part("explorer"));
    }

    @Test
    void theNamesAreTheApisKeys() {
        assertEquals("explorer_result", PartKeys.NAMES.of(InputPart.EXPLORER_RESULT));
        assertEquals("completion_summary", PartKeys.NAMES.of(InputPart.COMPLETION_SUMMARY));
        assertEquals("duration_ms", PartKeys.NAMES.of(InputPart.DURATION_MS));
        assertEquals("changed_file_path", PartKeys.NAMES.of(InputPart.CHANGED_FILE_PATH));
        assertEquals("wip_limits.doing", PartKeys.NAMES.of(InputPart.WIP_LIMIT_DOING));
        assertEquals("changed_files", DocumentKeys.CHANGED_FILES);
        assertEquals(List.of("testing_strategy", "patterns", "pitfalls", "security_considerations"),
                DocumentKeys.VERDICT_SECTIONS);
        assertEquals(List.of("testing_strategy", "patterns", "pitfalls", "security_considerations",
                "behaviour_test_matrix"), DocumentKeys.NOTE_SECTIONS);
        assertEquals(List.of("issues", "acceptance_criteria", "project_checks", "testing_strategy", "patterns",
                "pitfalls", "security_considerations", "schema_version"), DocumentKeys.STRUCTURED_BLOCKS);
    }

    @Test
    void aTestingStrategyRoundTripsThroughItsKeysInTheDocumentedOrder() {
        Map<String, TextOrList> sent = new LinkedHashMap<>();
        sent.put("coverage_target", TextOrList.of("80%"));
        sent.put("unit_tests", TextOrList.of("retry count"));
        sent.put("not_a_part", TextOrList.of("ignored"));
        TestingStrategy strategy = DocumentKeys.testingStrategy(sent);
        assertEquals(TextOrList.of("retry count"), strategy.unitTests());
        assertEquals(List.of("unit_tests", "coverage_target"), List.copyOf(DocumentKeys.testingStrategy(strategy).keySet()));
        assertEquals(Map.of(), DocumentKeys.testingStrategy(TestingStrategy.NONE));
        for (TestingStrategy.Part part : TestingStrategy.Part.values()) {
            String key = DocumentKeys.name(part);
            assertEquals(Set.of(part), DocumentKeys.testingStrategy(Map.of(key, TextOrList.of("x"))).parts().keySet());
        }
    }
}
