package dev.tasklane.adapter.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tasklane.adapter.web.view.Field;
import dev.tasklane.edge.TaskField;
import dev.tasklane.domain.task.Detail;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.TaskDetails;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The task page's Specification section shows every stated text detail of the edge's table, labelled after its wire
 * name: why, what, where context and patterns first, then the lists, then the other texts in the table's order.
 */
class SpecFieldsTest {
    @Test
    void everyStatedTextDetailIsShownLabelledAfterItsWireName() {
        TaskDetails.Builder details = TaskDetails.builder().pitfalls(List.of("p")).outOfScope(List.of("o"));
        Detail.TEXTS.forEach(detail -> details.text(detail, "value of " + detail));
        TaskSpec spec = TaskSpec.builder("Shown", TaskType.WORK, Priority.LOW).details(details.build()).build();

        List<String> expected = new ArrayList<>(List.of("Why", "What", "Where context", "Patterns to follow",
                "Pitfalls", "Out of scope"));
        for (TaskField field : TaskField.texts()) {
            String label = Format.label(field.key());
            if (!expected.contains(label)) {
                expected.add(label);
            }
        }
        List<Field> fields = SpecFields.of(spec);
        assertEquals(expected, fields.stream().map(Field::label).toList());
        assertEquals("Telemetry event", Format.label(TaskField.of(Detail.TELEMETRY_EVENT).key()));
        for (Field field : fields) {
            if (field.items().isEmpty()) {
                Detail detail = Detail.TEXTS.stream()
                        .filter(d -> Format.label(TaskField.of(d).key()).equals(field.label())).findFirst().orElseThrow();
                assertEquals("value of " + detail, field.text());
            }
        }
    }

    @Test
    void aTextNotStatedIsNotShown() {
        TaskSpec spec = TaskSpec.builder("Bare", TaskType.WORK, Priority.LOW)
                .details(TaskDetails.builder().text(Detail.METRICS_TO_TRACK, "latency").build()).build();
        assertEquals(List.of(Field.text("Metrics to track", "latency")), SpecFields.of(spec));
    }
}
