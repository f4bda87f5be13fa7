package dev.tasklane.adapter.http.onboarding;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import dev.tasklane.domain.validation.Limit;

import java.util.List;

/**
 * The wire facts of one record component that its Java type cannot say, for the schemas {@link CommandSchemas}
 * generates (docs/api.md, "Onboarding"). Every fact defaults to "none"; the fluent methods return a changed copy.
 *
 * @param wire           the JSON name; by default the snake_case of the component's name
 * @param required       whether the API requires the field in every validation mode
 * @param requiredStrict whether the API requires the field in strict validation mode only
 * @param cap            the {@link Limit} that bounds the string's length; null when none
 * @param maxItems       the {@link Limit} that bounds the array's entries; null when none
 * @param values         the allowed wire values of an enum field
 * @param constant       the one value the field has in this shape (a {@link CommandSchemas.Shape}); null when none
 * @param wireType       the type the field is written as, where it is neither its Java type nor a list of it
 * @param wireItem       with {@code wireType} a list: the type of its entries
 * @param unwrapped      the component's own fields are written in its place, at the top of the body
 * @param ignored        the component is not on the wire (what the reader could not type, for instance)
 */
record WireField(Class<?> owner, String component, String wire, boolean required, boolean requiredStrict,
                 String description, Integer minLength, Limit cap, Long minimum, String pattern, Limit maxItems,
                 List<String> values, Object constant, Class<?> wireType, Class<?> wireItem, boolean unwrapped,
                 boolean ignored) {
    private static final PropertyNamingStrategies.SnakeCaseStrategy SNAKE_CASE =
            new PropertyNamingStrategies.SnakeCaseStrategy();

    static WireField of(Class<?> owner, String component) {
        return new WireField(owner, component, SNAKE_CASE.translate(component), false, false, null, null, null, null,
                null, null, null, null, null, null, false, false);
    }

    static String key(Class<?> owner, String component) {
        return owner.getName() + "#" + component;
    }

    String key() {
        return key(owner, component);
    }

    WireField named(String value) {
        return new WireField(owner, component, value, required, requiredStrict, description, minLength, cap, minimum,
                pattern, maxItems, values, constant, wireType, wireItem, unwrapped, ignored);
    }

    WireField mandatory() {
        return new WireField(owner, component, wire, true, requiredStrict, description, minLength, cap, minimum,
                pattern, maxItems, values, constant, wireType, wireItem, unwrapped, ignored);
    }

    /** Required in strict validation mode only (docs/api.md, "Completion validation"). */
    WireField mandatoryWhenStrict() {
        return new WireField(owner, component, wire, required, true, description, minLength, cap, minimum,
                pattern, maxItems, values, constant, wireType, wireItem, unwrapped, ignored);
    }

    WireField describe(String value) {
        return new WireField(owner, component, wire, required, requiredStrict, value, minLength, cap, minimum,
                pattern, maxItems, values, constant, wireType, wireItem, unwrapped, ignored);
    }

    WireField minLength(int value) {
        return new WireField(owner, component, wire, required, requiredStrict, description, value, cap, minimum,
                pattern, maxItems, values, constant, wireType, wireItem, unwrapped, ignored);
    }

    WireField cap(Limit value) {
        return new WireField(owner, component, wire, required, requiredStrict, description, minLength, value, minimum,
                pattern, maxItems, values, constant, wireType, wireItem, unwrapped, ignored);
    }

    WireField minimum(long value) {
        return new WireField(owner, component, wire, required, requiredStrict, description, minLength, cap, value,
                pattern, maxItems, values, constant, wireType, wireItem, unwrapped, ignored);
    }

    WireField pattern(String value) {
        return new WireField(owner, component, wire, required, requiredStrict, description, minLength, cap, minimum,
                value, maxItems, values, constant, wireType, wireItem, unwrapped, ignored);
    }

    WireField maxItems(Limit value) {
        return new WireField(owner, component, wire, required, requiredStrict, description, minLength, cap, minimum,
                pattern, value, values, constant, wireType, wireItem, unwrapped, ignored);
    }

    WireField values(List<String> value) {
        return new WireField(owner, component, wire, required, requiredStrict, description, minLength, cap, minimum,
                pattern, maxItems, List.copyOf(value), constant, wireType, wireItem, unwrapped, ignored);
    }

    WireField constant(Object value) {
        return new WireField(owner, component, wire, required, requiredStrict, description, minLength, cap, minimum,
                pattern, maxItems, values, value, wireType, wireItem, unwrapped, ignored);
    }

    /** Written as {@code type} (a list of {@code item} when {@code item} is not null). */
    WireField writtenAs(Class<?> type, Class<?> item) {
        return new WireField(owner, component, wire, required, requiredStrict, description, minLength, cap, minimum,
                pattern, maxItems, values, constant, type, item, unwrapped, ignored);
    }

    WireField unwrap() {
        return new WireField(owner, component, wire, required, requiredStrict, description, minLength, cap, minimum,
                pattern, maxItems, values, constant, wireType, wireItem, true, ignored);
    }

    WireField ignore() {
        return new WireField(owner, component, wire, required, requiredStrict, description, minLength, cap, minimum,
                pattern, maxItems, values, constant, wireType, wireItem, unwrapped, true);
    }
}
