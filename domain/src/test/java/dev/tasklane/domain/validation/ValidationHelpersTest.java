package dev.tasklane.domain.validation;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The helpers every completion runs through are loops now rather than streams (docs/in-memory-store.md, "Cost per
 * cycle"); their answers must stay those of the definitions they replaced, checked here on seeded inputs (the seed
 * is printed).
 */
class ValidationHelpersTest {
    private static final String[] PIECES = {"a", "Z", " ", "\t", "\n", "\u00e9", "\u2003", "\uD83D\uDE00", "\u3000", "7", "\r"};
    private static final String[] FIELDS = {"completion_summary", "explorer_result", "reviewer_result", "workflow_steps"};

    @Test
    void nonWhitespaceCountsTheCodePointsThatAreNotWhitespace() {
        long seed = System.nanoTime();
        System.out.println("ValidationHelpersTest.nonWhitespace seed " + seed);
        Random random = new Random(seed);
        for (int round = 0; round < 2_000; round++) {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(20); i > 0; i--) {
                text.append(PIECES[random.nextInt(PIECES.length)]);
            }
            String value = text.toString();
            long expected = value.codePoints().filter(codePoint -> !Character.isWhitespace(codePoint)).count();
            assertEquals(expected, Values.nonWhitespace(value), "seed " + seed + ": \"" + value + "\"");
        }
    }

    @Test
    void mergePlacesEachFieldWhereFirstSeenConcatenatesErrorsAndDropsFieldsWithout() {
        long seed = System.nanoTime();
        System.out.println("ValidationHelpersTest.merge seed " + seed);
        Random random = new Random(seed);
        for (int round = 0; round < 2_000; round++) {
            List<Failure> failures = new ArrayList<>();
            for (int i = random.nextInt(6); i > 0; i--) {
                String field = FIELDS[random.nextInt(FIELDS.length)];
                List<FieldError> errors = new ArrayList<>();
                for (int j = random.nextInt(3); j > 0; j--) {
                    errors.add(new FieldError("inner" + random.nextInt(4), "message " + random.nextInt(100)));
                }
                failures.add(new Failure(field, errors));
            }
            // the definition it replaced: every field placed where first seen (with errors or not), empty ones dropped
            Map<String, List<FieldError>> byField = new LinkedHashMap<>();
            for (Failure failure : failures) {
                byField.computeIfAbsent(failure.field(), key -> new ArrayList<>()).addAll(failure.errors());
            }
            List<Failure> expected = byField.entrySet().stream()
                    .filter(entry -> !entry.getValue().isEmpty())
                    .map(entry -> new Failure(entry.getKey(), entry.getValue()))
                    .toList();
            assertEquals(expected, Failure.merge(failures), "seed " + seed + ": " + failures);
        }
    }

    @Test
    void theFirstErrorAboutAFieldIsFound() {
        FieldError first = new FieldError("time_spent_minutes", "must be an integer");
        CompletionProblems problems = new CompletionProblems(List.of(new FieldError("completion_summary", "must be a string"),
                first, new FieldError("time_spent_minutes", "a second one")), null, null, List.of());
        assertEquals(first, problems.field("time_spent_minutes"));
        assertEquals(null, problems.field("completion_notes"));
    }
}
