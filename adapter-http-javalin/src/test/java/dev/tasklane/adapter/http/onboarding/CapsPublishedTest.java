package dev.tasklane.adapter.http.onboarding;

import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.validation.Limit;
import dev.tasklane.edge.TaskField;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The caps of {@link Limit} are published where agents read them: the onboarding schemas carry each one
 * ({@code maxItems}, {@code maxProperties}, {@code maxLength}) and docs/api.md's table lists every cap with its value
 * (and nothing else), so neither can drift from the source.
 */
class CapsPublishedTest {
    private static final Path API_DOC = Path.of("..", "docs", "api.md");
    private static final Pattern ROW = Pattern.compile("^\\| `([A-Z_]+)` \\| (\\d+) \\| (\\w+) \\|", Pattern.MULTILINE);

    @Test
    void everyTaskFieldSchemaCarriesItsCaps() {
        List<String> problems = new ArrayList<>();
        Map<String, Object> task = properties(OnboardingSchemas.all(CompletionMode.GRACE).get("task"), "task");
        for (TaskField field : TaskField.values()) {
            Map<?, ?> schema = (Map<?, ?>) task.get(field.key());
            field.itemsLimit().ifPresent(limit -> {
                Object max = schema.containsKey("maxItems") ? schema.get("maxItems") : schema.get("maxProperties");
                if (!Integer.valueOf(limit.max()).equals(max)) {
                    problems.add(field.key() + " maxItems " + max + " != " + limit);
                }
            });
            if (field.kind() == TaskField.Kind.STRING && !Integer.valueOf(field.maxLength()).equals(schema.get("maxLength"))) {
                problems.add(field.key() + " maxLength " + schema.get("maxLength") + " != " + field.maxLength());
            }
        }
        Map<?, ?> keyFileRow = (Map<?, ?>) ((Map<?, ?>) ((Map<?, ?>) task.get("key_files")).get("items")).get("properties");
        if (!Integer.valueOf(Limit.FILE_PATH.max()).equals(((Map<?, ?>) keyFileRow.get("file_path")).get("maxLength"))) {
            problems.add("key_files file_path maxLength");
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void goalAndBatchSchemasCarryTheStructuralCaps() {
        Map<String, Object> schemas = DocumentTrees.plain(OnboardingSchemas.all(CompletionMode.GRACE));
        Map<String, Object> goal = properties(schemas.get("goal"), "task");
        assertEquals(Limit.GOAL_CHILDREN.max(), ((Map<?, ?>) goal.get("tasks")).get("maxItems"));
        Map<?, ?> goals = (Map<?, ?>) ((Map<?, ?>) ((Map<?, ?>) schemas.get("batch")).get("properties")).get("goals");
        assertEquals(Limit.BATCH_GOALS.max(), goals.get("maxItems"));
        Map<?, ?> claim = (Map<?, ?>) ((Map<?, ?>) schemas.get("claim")).get("properties");
        assertEquals(Limit.AGENT_NAME.max(), ((Map<?, ?>) claim.get("agent_name")).get("maxLength"));
    }

    @Test
    void theApiDocsListEveryCapWithItsValueAndUnit() throws IOException {
        String doc = Files.readString(API_DOC);
        List<String> documented = new ArrayList<>();
        Matcher row = ROW.matcher(doc);
        while (row.find()) {
            documented.add(row.group(1) + "=" + row.group(2) + " " + row.group(3));
        }
        List<String> expected = new ArrayList<>();
        for (Limit limit : Limit.values()) {
            expected.add(limit.name() + "=" + limit.max() + " " + limit.unit().word());
        }
        assertEquals(expected, documented, "docs/api.md \"Request caps and limits\" must list every Limit, in order");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> properties(Object document, String rootKey) {
        Map<String, Object> root = (Map<String, Object>) DocumentTrees.map(document).get("properties");
        return (Map<String, Object>) ((Map<String, Object>) root.get(rootKey)).get("properties");
    }
}
