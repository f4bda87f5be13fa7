package dev.tasklane.adapter.http.onboarding;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import dev.tasklane.domain.validation.Limit;

import java.util.List;
import java.util.function.Consumer;

/**
 * The wire facts of one record component that its Java type cannot say, for the schemas {@link CommandSchemas}
 * generates (docs/api.md, "Onboarding"). Every fact defaults to "none"; the fluent methods return a changed copy.
 *
 * @param wire           the JSON name; by default the snake_case of the component's name
 * @param required       whether the API requires the field in every validation mode
 * @param requiredStrict whether the API requires the field in strict validation mode only
 * @param cap            the {@link Limit} that bounds the string's length; null when none
 * @param maxItems       the {@link Limit} that bounds the array's entries (an object's keys); null when none
 * @param entryCap       the {@link Limit} that bounds the length of each string entry of the array; null when none
 * @param unique         the array's entries are distinct (a set)
 * @param nullable       null is a value of its own on the wire (unassigned, no attribution)
 * @param values         the allowed wire values of an enum field, or of an array's enum entries
 * @param constant       the one value the field has in this shape (a {@link CommandSchemas.Shape}); null when none
 * @param wireType       the type the field is written as, where it is neither its Java type nor a list of it
 * @param wireItem       with {@code wireType} a list: the type of its entries
 * @param unwrapped      the component's own fields are written in its place, at the top of the body
 * @param ignored        the component is not on the wire (what the reader could not type, for instance)
 */
record WireField(Class<?> owner, String component, String wire, boolean required, boolean requiredStrict,
                 String description, Integer minLength, Limit cap, Long minimum, String pattern, Limit maxItems,
                 Limit entryCap, boolean unique, boolean nullable, List<String> values, Object constant,
                 Class<?> wireType, Class<?> wireItem, boolean unwrapped, boolean ignored) {
    private static final PropertyNamingStrategies.SnakeCaseStrategy SNAKE_CASE =
            new PropertyNamingStrategies.SnakeCaseStrategy();

    static WireField of(Class<?> owner, String component) {
        return new WireField(owner, component, SNAKE_CASE.translate(component), false, false, null, null, null, null,
                null, null, null, false, false, null, null, null, null, false, false);
    }

    static String key(Class<?> owner, String component) {
        return owner.getName() + "#" + component;
    }

    String key() {
        return key(owner, component);
    }

    WireField named(String value) {
        return edit(row -> row.wire = value);
    }

    WireField mandatory() {
        return edit(row -> row.required = true);
    }

    /** Required in strict validation mode only (docs/api.md, "Completion validation"). */
    WireField mandatoryWhenStrict() {
        return edit(row -> row.requiredStrict = true);
    }

    WireField describe(String value) {
        return edit(row -> row.description = value);
    }

    WireField minLength(int value) {
        return edit(row -> row.minLength = value);
    }

    WireField cap(Limit value) {
        return edit(row -> row.cap = value);
    }

    WireField minimum(long value) {
        return edit(row -> row.minimum = value);
    }

    WireField pattern(String value) {
        return edit(row -> row.pattern = value);
    }

    WireField maxItems(Limit value) {
        return edit(row -> row.maxItems = value);
    }

    WireField entryCap(Limit value) {
        return edit(row -> row.entryCap = value);
    }

    WireField distinctEntries() {
        return edit(row -> row.unique = true);
    }

    WireField orNull() {
        return edit(row -> row.nullable = true);
    }

    WireField values(List<String> value) {
        return edit(row -> row.values = List.copyOf(value));
    }

    WireField constant(Object value) {
        return edit(row -> row.constant = value);
    }

    /** Written as {@code type} (a list of {@code item} when {@code item} is not null). */
    WireField writtenAs(Class<?> type, Class<?> item) {
        return edit(row -> {
            row.wireType = type;
            row.wireItem = item;
        });
    }

    WireField unwrap() {
        return edit(row -> row.unwrapped = true);
    }

    WireField ignore() {
        return edit(row -> row.ignored = true);
    }

    /** A copy of this row with {@code change} applied to its facts. */
    private WireField edit(Consumer<Facts> change) {
        Facts facts = new Facts(this);
        change.accept(facts);
        return new WireField(owner, component, facts.wire, facts.required, facts.requiredStrict, facts.description,
                facts.minLength, facts.cap, facts.minimum, facts.pattern, facts.maxItems, facts.entryCap, facts.unique,
                facts.nullable, facts.values, facts.constant, facts.wireType, facts.wireItem, facts.unwrapped, facts.ignored);
    }

    /** The changeable facts of a row, while one of the fluent methods changes them. */
    private static final class Facts {
        String wire;
        boolean required;
        boolean requiredStrict;
        String description;
        Integer minLength;
        Limit cap;
        Long minimum;
        String pattern;
        Limit maxItems;
        Limit entryCap;
        boolean unique;
        boolean nullable;
        List<String> values;
        Object constant;
        Class<?> wireType;
        Class<?> wireItem;
        boolean unwrapped;
        boolean ignored;

        Facts(WireField row) {
            wire = row.wire;
            required = row.required;
            requiredStrict = row.requiredStrict;
            description = row.description;
            minLength = row.minLength;
            cap = row.cap;
            minimum = row.minimum;
            pattern = row.pattern;
            maxItems = row.maxItems;
            entryCap = row.entryCap;
            unique = row.unique;
            nullable = row.nullable;
            values = row.values;
            constant = row.constant;
            wireType = row.wireType;
            wireItem = row.wireItem;
            unwrapped = row.unwrapped;
            ignored = row.ignored;
        }
    }
}
