package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.domain.task.BehaviourRow;

/** One row of a task's {@code behaviour_test_matrix}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record BehaviourRowView(String category, String behaviour, String testName, String type, String status,
                               String naReason, Integer position) {
    static BehaviourRowView of(BehaviourRow row) {
        return new BehaviourRowView(row.category(), row.behaviour(), row.testName(), row.type(), row.status(),
                row.naReason(), row.position());
    }
}
