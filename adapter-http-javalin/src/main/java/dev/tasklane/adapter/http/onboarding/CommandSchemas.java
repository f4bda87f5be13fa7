package dev.tasklane.adapter.http.onboarding;

import com.fasterxml.classmate.ResolvedType;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.victools.jsonschema.generator.FieldScope;
import com.github.victools.jsonschema.generator.MemberScope;
import com.github.victools.jsonschema.generator.Option;
import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.ReviewDecision;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.json.RawJson;
import dev.tasklane.domain.json.UnknownKeys;
import dev.tasklane.domain.task.ReviewStatus;
import dev.tasklane.domain.validation.Limit;

import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The request JSON Schemas generated from the typed commands of the inbound ports, with victools
 * jsonschema-generator (docs/dependencies.md), rather than written by hand. A command's record components become
 * the schema's properties, in declaration order, with their JSON types; what a Java type cannot say is one
 * {@link WireField} row: the wire name where it is not the snake_case of the component, whether the field is
 * required, its description, its bounds (every cap from {@link Limit}) and its allowed values.
 *
 * <p>Adding a command is one row in {@link #COMMANDS} (schema name, command type, title, description) plus the rows
 * of its fields that differ from the defaults; {@link OnboardingSchemas#all} then puts {@link #schema} in place of
 * the hand-written schema.
 */
final class CommandSchemas {
    /** A generated schema: its key in {@code json_schemas}, the command it describes, its title and description. */
    record Command(String name, Class<? extends Record> type, String title, String description) {
        Command {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(title, "title");
        }
    }

    /** Every generated schema. */
    static final List<Command> COMMANDS = List.of(
            new Command("claim", ClaimTask.class, "POST /api/tasks/claim: claim a task with before_doing proof", null),
            new Command("after_goal", HookResult.class, "PATCH /api/tasks/:goal/after_goal: report the after_goal "
                    + "hook's result for a goal whose last child completed", hookProof(HookName.AFTER_GOAL)),
            new Command("hook_result", HookResult.class, "Proof that a hook ran: the *_result objects of claim, "
                    + "complete and mark_reviewed", hookProof(null)),
            new Command("review", ReviewDecision.class, "PATCH /api/tasks/:id/review: record a review decision "
                    + "(a reviewer token or a person)", null));

    /** The fields whose wire facts differ from the defaults (snake_case name, optional, no description or bound). */
    static final List<WireField> FIELDS = List.of(
            WireField.of(ClaimTask.class, "identifier").mandatory().minLength(1)
                    .describe("The task's identifier, such as W12 (from GET /api/tasks/next)"),
            WireField.of(ClaimTask.class, "agentName").mandatory().minLength(1).cap(Limit.AGENT_NAME),
            WireField.of(ClaimTask.class, "beforeDoing").named(HookName.BEFORE_DOING.resultKey()).mandatory()
                    .describe(hookProof(HookName.BEFORE_DOING)),
            WireField.of(ClaimTask.class, "claimToken").describe("Optional: the claim_token of an earlier answer "
                    + "to this claim, when you retry it"),
            WireField.of(HookResult.class, "exitCode").mandatory().describe("0 means success"),
            WireField.of(HookResult.class, "output").mandatory()
                    .describe("The hook's stdout and stderr; may be empty"),
            WireField.of(HookResult.class, "durationMs").mandatory().minimum(0),
            WireField.of(ReviewDecision.class, "status").named("review_status").mandatory()
                    .values(Arrays.stream(ReviewStatus.values()).filter(status -> status != ReviewStatus.PENDING)
                            .map(ReviewStatus::wire).toList()),
            WireField.of(ReviewDecision.class, "notes").named("review_notes")
                    .describe("Required for changes_requested and rejected: what to change, or why not"));

    private static final Map<String, WireField> BY_COMPONENT = FIELDS.stream()
            .collect(Collectors.toUnmodifiableMap(WireField::key, Function.identity()));

    private static final ObjectMapper TREES = JsonMapper.builder().build();
    private static final SchemaGenerator GENERATOR = generator();

    private CommandSchemas() {
    }

    /** The generated schema named {@code name} (a row of {@link #COMMANDS}), without the document's envelope. */
    static Map<String, Object> schema(String name) {
        Command command = command(name);
        return generate(command.type(), command.description());
    }

    /** The schema of {@code type}, with {@code description} (may be null) after its {@code type} keyword. */
    static Map<String, Object> generate(Class<? extends Record> type, String description) {
        ObjectNode generated = GENERATOR.generateSchema(type);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("type", "object");
        if (description != null) {
            out.put("description", description);
        }
        Map<String, Object> body = TREES.convertValue(generated, new TypeReference<LinkedHashMap<String, Object>>() {
        });
        body.forEach(out::putIfAbsent);
        return Collections.unmodifiableMap(out);
    }

    /** The title of the generated schema named {@code name}. */
    static String title(String name) {
        return command(name).title();
    }

    private static Command command(String name) {
        return COMMANDS.stream().filter(row -> row.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no generated schema named " + name));
    }

    /** The description of a hook's proof; {@code hook} names it (null for the generic schema). */
    static String hookProof(HookName hook) {
        String which = hook == null ? "the hook" : "the " + hook.wire() + " hook";
        return "Proof that " + which + " ran. A non-zero exit_code is refused: fix the failure and run the hook again.";
    }

    private static SchemaGenerator generator() {
        SchemaGeneratorConfigBuilder config = new SchemaGeneratorConfigBuilder(TREES, SchemaVersion.DRAFT_2020_12,
                OptionPreset.PLAIN_JSON)
                .without(Option.SCHEMA_VERSION_INDICATOR)
                .with(Option.INLINE_ALL_SCHEMAS);
        config.forFields()
                .withPropertyNameOverrideResolver(field -> row(field).wire())
                .withRequiredCheck(field -> row(field).required())
                .withDescriptionResolver(field -> row(field).description())
                .withStringMinLengthResolver(field -> row(field).minLength())
                .withStringMaxLengthResolver(field -> row(field).cap() == null ? null : row(field).cap().max())
                .withNumberInclusiveMinimumResolver(field -> row(field).minimum() == null ? null
                        : BigDecimal.valueOf(row(field).minimum()))
                .withIgnoreCheck(field -> field.getType().getErasedType() == UnknownKeys.class)
                .withTargetTypeOverridesResolver(CommandSchemas::wireType)
                .withEnumResolver(field -> enumValues(field));
        config.forTypesInGeneral().withPropertySorter(CommandSchemas::declarationOrder);
        return new SchemaGenerator(config.build());
    }

    /**
     * The JSON type a component is written as, where it is not its Java type: an enum is a string of its wire values
     * (listed by its {@link WireField} row), a {@link RawJson} is any JSON value, kept as sent. A record's
     * {@link UnknownKeys} is no property at all: the schemas allow keys they do not name (docs/api.md, "Onboarding").
     */
    private static List<ResolvedType> wireType(FieldScope field) {
        Class<?> type = field.getType().getErasedType();
        if (type.isEnum()) {
            return List.of(field.getContext().resolve(String.class));
        }
        if (type == RawJson.class) {
            return List.of(field.getContext().resolve(Object.class));
        }
        return null;
    }

    private static List<String> enumValues(FieldScope field) {
        WireField row = row(field);
        if (row.values() == null && field.getDeclaredType().getErasedType().isEnum()) {
            throw new IllegalStateException(row.key() + " is an enum: its WireField row must list the wire values");
        }
        return row.values();
    }

    private static WireField row(FieldScope field) {
        Class<?> owner = field.getDeclaringType().getErasedType();
        WireField row = BY_COMPONENT.get(WireField.key(owner, field.getDeclaredName()));
        return row != null ? row : WireField.of(owner, field.getDeclaredName());
    }

    /** Record components in the order the record declares them, as the hand-written schemas list fields. */
    private static int declarationOrder(MemberScope<?, ?> first, MemberScope<?, ?> second) {
        return Integer.compare(position(first), position(second));
    }

    private static int position(MemberScope<?, ?> member) {
        RecordComponent[] components = member.getDeclaringType().getErasedType().getRecordComponents();
        if (components == null) {
            return Integer.MAX_VALUE;
        }
        for (int i = 0; i < components.length; i++) {
            if (components[i].getName().equals(member.getDeclaredName())) {
                return i;
            }
        }
        return Integer.MAX_VALUE;
    }

    /**
     * The wire facts of one record component.
     *
     * @param wire      the JSON name; by default the snake_case of the component's name
     * @param cap       the {@link Limit} that bounds the string's length; null when none
     * @param values    the allowed wire values of an enum field
     */
    record WireField(Class<?> owner, String component, String wire, boolean required, String description,
                     Integer minLength, Limit cap, Long minimum, List<String> values) {
        private static final PropertyNamingStrategies.SnakeCaseStrategy SNAKE_CASE =
                new PropertyNamingStrategies.SnakeCaseStrategy();

        static WireField of(Class<?> owner, String component) {
            return new WireField(owner, component, SNAKE_CASE.translate(component), false, null, null, null, null, null);
        }

        static String key(Class<?> owner, String component) {
            return owner.getName() + "#" + component;
        }

        String key() {
            return key(owner, component);
        }

        WireField named(String value) {
            return new WireField(owner, component, value, required, description, minLength, cap, minimum, values);
        }

        WireField mandatory() {
            return new WireField(owner, component, wire, true, description, minLength, cap, minimum, values);
        }

        WireField describe(String value) {
            return new WireField(owner, component, wire, required, value, minLength, cap, minimum, values);
        }

        WireField minLength(int value) {
            return new WireField(owner, component, wire, required, description, value, cap, minimum, values);
        }

        WireField cap(Limit value) {
            return new WireField(owner, component, wire, required, description, minLength, value, minimum, values);
        }

        WireField minimum(long value) {
            return new WireField(owner, component, wire, required, description, minLength, cap, value, values);
        }

        WireField values(List<String> value) {
            return new WireField(owner, component, wire, required, description, minLength, cap, minimum,
                    List.copyOf(value));
        }
    }
}
