package dev.tasklane.domain.task;

import dev.tasklane.domain.hook.HookName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Locale;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/** {@link Wire}: the lower-case spelling of every wire enum, both directions, computed once per enum. */
class WireTest {
    @ParameterizedTest
    @ValueSource(classes = {Status.class, Priority.class, Complexity.class, ReviewStatus.class, Capability.class,
            TaskType.class, HookName.class})
    <E extends Enum<E>> void everyConstantIsSpelledInLowerCaseAndParsedBack(Class<E> type) {
        for (E constant : type.getEnumConstants()) {
            String spelled = Wire.of(constant);
            assertEquals(constant.name().toLowerCase(Locale.ROOT), spelled);
            assertSame(spelled, Wire.of(constant), "the spelling is kept, not built again per call");
            assertEquals(Optional.of(constant), Wire.parse(type, spelled));
        }
        assertEquals(Optional.empty(), Wire.parse(type, type.getEnumConstants()[0].name().toUpperCase(Locale.ROOT) + "?"));
        assertEquals(Optional.empty(), Wire.parse(type, null));
    }

    @ParameterizedTest
    @ValueSource(strings = {"IN_PROGRESS", "In_Progress", "inprogress", ""})
    void onlyTheExactLowerCaseSpellingParses(String value) {
        assertEquals(Optional.empty(), Wire.parse(Status.class, value));
    }

    @ParameterizedTest
    @ValueSource(strings = {"before_doing", "after_goal"})
    void hookNamesUseTheSameSpellings(String value) {
        HookName hook = HookName.fromWire(value).orElseThrow();
        assertEquals(value, hook.wire());
        assertSame(Wire.of(hook), hook.wire());
        assertEquals(value + "_result", hook.resultKey());
        assertSame(hook.resultKey(), hook.resultKey());
        assertNull(Wire.of(null));
    }
}
