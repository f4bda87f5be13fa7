package dev.tasklane.domain.task;

import dev.tasklane.domain.hook.HookName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Locale;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/** {@link Codes}: the lower-case code of every coded enum, both directions, computed once per enum. */
class CodesTest {
    @ParameterizedTest
    @ValueSource(classes = {Status.class, Priority.class, Complexity.class, ReviewStatus.class, Capability.class,
            TaskType.class, HookName.class})
    <E extends Enum<E>> void everyConstantIsSpelledInLowerCaseAndParsedBack(Class<E> type) {
        for (E constant : type.getEnumConstants()) {
            String spelled = Codes.of(constant);
            assertEquals(constant.name().toLowerCase(Locale.ROOT), spelled);
            assertSame(spelled, Codes.of(constant), "the spelling is kept, not built again per call");
            assertEquals(Optional.of(constant), Codes.parse(type, spelled));
        }
        assertEquals(Optional.empty(), Codes.parse(type, type.getEnumConstants()[0].name().toUpperCase(Locale.ROOT) + "?"));
        assertEquals(Optional.empty(), Codes.parse(type, null));
    }

    @ParameterizedTest
    @ValueSource(strings = {"IN_PROGRESS", "In_Progress", "inprogress", ""})
    void onlyTheExactLowerCaseSpellingParses(String value) {
        assertEquals(Optional.empty(), Codes.parse(Status.class, value));
    }

    @ParameterizedTest
    @ValueSource(strings = {"before_doing", "after_goal"})
    void hookNamesUseTheSameSpellings(String value) {
        HookName hook = HookName.fromCode(value).orElseThrow();
        assertEquals(value, hook.code());
        assertSame(Codes.of(hook), hook.code());
        assertEquals(value + "_result", hook.resultKey());
        assertSame(hook.resultKey(), hook.resultKey());
        assertNull(Codes.of(null));
    }
}
