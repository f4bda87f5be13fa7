package dev.tasklane.adapter.http.onboarding;

import com.fasterxml.classmate.ResolvedType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.victools.jsonschema.generator.CustomDefinition;
import com.github.victools.jsonschema.generator.FieldScope;
import com.github.victools.jsonschema.generator.MemberScope;
import com.github.victools.jsonschema.generator.Option;
import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import dev.tasklane.adapter.http.openapi.WireSchemas;
import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.CompleteTask;
import dev.tasklane.application.port.in.NewComment;
import dev.tasklane.application.port.in.NewTask;
import dev.tasklane.application.port.in.ReviewDecision;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.task.Verbatim;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.adapter.http.wire.completion.ExplorerResultBody;
import dev.tasklane.domain.task.ReviewStatus;
import dev.tasklane.adapter.http.wire.completion.ReviewerResultBody;
import dev.tasklane.domain.task.WorkflowStep;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.validation.Limit;

import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The request JSON Schemas generated from the typed commands of the inbound ports, with victools
 * jsonschema-generator (docs/dependencies.md), rather than written by hand. A command's record components become
 * the schema's properties, in declaration order, with their JSON types; what a Java type cannot say is one
 * {@link WireField} row: the wire name where it is not the snake_case of the component, whether the field is
 * required (in every validation mode, or in strict mode only), its description, its bounds (every cap from
 * {@link Limit}), its pattern and its allowed values. A record the API accepts in several forms (an explorer or
 * reviewer result, dispatched or skipped) is a {@code oneOf} of its {@link Shape}s; a component whose fields the
 * wire writes in its place (the completion's report) is unwrapped; the conditions between a type's fields are its
 * {@code TYPE_KEYWORDS} (docs/api.md, "Onboarding").
 *
 * <p>Adding a command is one row in {@link #COMMANDS} (schema name, command type, title, description) plus the rows
 * of its fields that differ from the defaults; {@link OnboardingSchemas#all} then puts {@link #schema} in place of
 * a hand-written schema.
 */
final class CommandSchemas {
    /**
     * A generated schema: its key in {@code json_schemas}, the command it describes (with {@code item}, a list of
     * them), its title and description.
     */
    record Command(String name, Class<?> type, Class<?> item, String title, String description) {
        Command {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(title, "title");
        }

        Command(String name, Class<?> type, String title, String description) {
            this(name, type, null, title, description);
        }
    }

    /**
     * One form of a record the API accepts in several: its title, description, the components it has and the rows
     * that differ from the record's general ones (a constant, another required set).
     */
    record Shape(Class<?> owner, String title, String description, List<String> components, List<WireField> rows) {
        Shape {
            components = List.copyOf(components);
            rows = List.copyOf(rows);
        }

        WireField row(String component) {
            return rows.stream().filter(row -> row.component().equals(component)).findFirst().orElse(null);
        }
    }

    /** Every generated schema. */
    static final List<Command> COMMANDS = List.of(
            new Command("claim", ClaimTask.class, "POST /api/tasks/claim: claim a task with before_doing proof", null),
            new Command("complete", CompleteTask.class, "PATCH /api/tasks/:id/complete: finish the work with "
                    + "after_doing and before_review proof and the completion report", "explorer_result and "
                    + "reviewer_result are required in strict validation mode; in grace mode they may be absent, but "
                    + "when present they must be well formed."),
            new Command("review", ReviewDecision.class, "PATCH /api/tasks/:id/review: record a review decision "
                    + "(a reviewer token or a person)", null),
            new Command("comment", NewComment.class, "POST /api/tasks/:id/comments: comment on a task (plain text; "
                    + "GET lists the thread oldest first, DELETE /api/tasks/:id/comments/:comment_id removes one)", null),
            new Command("after_goal", HookResult.class, "PATCH /api/tasks/:goal/after_goal: report the after_goal "
                    + "hook's result for a goal whose last child completed", hookProof(HookName.AFTER_GOAL)),
            new Command("hook_result", HookResult.class, "Proof that a hook ran: the *_result objects of claim, "
                    + "complete and mark_reviewed", hookProof(null)),
            new Command("explorer_result", ExplorerResultBody.class, "What the explorer sub-agent found, or why it was "
                    + "skipped", null),
            new Command("reviewer_result", ReviewerResultBody.class, "The reviewer sub-agent's verdict, or why it was "
                    + "skipped", null),
            new Command("workflow_steps", List.class, WorkflowStep.class, "Telemetry: the six workflow steps in order",
                    CompletionWire.stepsDescription()));

    /** The fields whose wire facts differ from the defaults (snake_case name, optional, no description or bound). */
    static final List<WireField> FIELDS = Stream.concat(Stream.of(
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
                            .map(ReviewStatus::code).toList()),
            WireField.of(NewComment.class, "body").mandatory().minLength(1).cap(Limit.COMMENT_BODY)
                    .describe("The comment's plain text; line breaks are kept, no HTML is ever rendered"),
            WireField.of(ReviewDecision.class, "notes").named("review_notes")
                    .describe("Required for changes_requested and rejected: what to change, or why not")),
            Stream.of(CompletionWire.FIELDS, TaskRowWire.FIELDS, TaskWire.FIELDS).flatMap(List::stream)).toList();

    /** Every shape of the records the API accepts in several forms. */
    static final List<Shape> SHAPES = CompletionWire.SHAPES;

    private static final Map<String, WireField> BY_COMPONENT = FIELDS.stream()
            .collect(Collectors.toUnmodifiableMap(WireField::key, Function.identity()));

    private static final ObjectMapper TREES = JsonMapper.builder().build();
    private static final String TYPE = "type";
    private static final String DESCRIPTION = "description";
    private static final String PROPERTIES = "properties";
    private static final String REQUIRED = "required";
    private static final String MAX_PROPERTIES = "maxProperties";
    private static final Map<Variant, SchemaGenerator> GENERATORS = new ConcurrentHashMap<>();

    /** The rows of a goal's child task that differ from {@link #FIELDS}. */
    private static final Map<String, WireField> CHILD_BY_COMPONENT = TaskWire.CHILD_FIELDS.stream()
            .collect(Collectors.toUnmodifiableMap(WireField::key, Function.identity()));

    /**
     * A generator's settings: the validation mode (strict requires more), the shape it generates, if any, and whether
     * the task it generates is a goal's child (docs/api.md, "Creating and editing tasks").
     */
    private record Variant(CompletionMode mode, Shape shape, boolean child) {
    }

    private CommandSchemas() {
    }

    /** The generated schema named {@code name} (a row of {@link #COMMANDS}) in grace mode, without the envelope. */
    static ObjectNode schema(String name) {
        return schema(name, CompletionMode.GRACE);
    }

    /** The generated schema named {@code name} for the validation {@code mode}, without the document's envelope. */
    static ObjectNode schema(String name, CompletionMode mode) {
        Command command = command(name);
        return generate(command.type(), command.item(), command.description(), mode);
    }

    /** The schema of {@code type} in grace mode, with {@code description} (may be null) after its type keyword. */
    static ObjectNode generate(Class<?> type, String description) {
        return generate(type, null, description, new Variant(CompletionMode.GRACE, null, false));
    }

    /**
     * The task object, generated from {@link NewTask} with its spec and the spec's details written in their place
     * (docs/api.md, "Task fields"); {@code child} makes it a goal's child: only claimable types, sibling indices as
     * dependencies, no parent of its own.
     */
    static ObjectNode task(boolean child, String description) {
        return generate(NewTask.class, null, description, new Variant(CompletionMode.GRACE, null, child));
    }

    private static ObjectNode generate(Class<?> type, Class<?> item, String description, CompletionMode mode) {
        return generate(type, item, description, new Variant(mode, null, false));
    }

    /** The generated schema with its type keyword first and {@code description} (when given) after it. */
    private static ObjectNode generate(Class<?> type, Class<?> item, String description, Variant variant) {
        SchemaGenerator generator = generator(variant);
        ObjectNode body = unwrapped(type, item == null ? generator.generateSchema(type)
                : generator.generateSchema(type, item));
        ObjectNode out = TREES.createObjectNode();
        if (body.has(TYPE)) {
            out.set(TYPE, body.get(TYPE));
        }
        if (description != null) {
            out.set(DESCRIPTION, out.textNode(description));
        }
        body.fields().forEachRemaining(field -> out.putIfAbsent(field.getKey(), field.getValue()));
        return out;
    }

    /**
     * The body with each unwrapped component's properties (and required fields) written in its place, at any depth
     * (a task's spec, and the spec's details).
     */
    private static ObjectNode unwrapped(Class<?> type, ObjectNode body) {
        List<WireField> unwrap = FIELDS.stream().filter(row -> row.owner() == type && row.unwrapped()).toList();
        if (unwrap.isEmpty()) {
            return body;
        }
        ObjectNode properties = TREES.createObjectNode();
        List<String> required = new ArrayList<>(names(body.get(REQUIRED)));
        body.get(PROPERTIES).fields().forEachRemaining(field -> {
            WireField component = unwrap.stream().filter(row -> row.wire().equals(field.getKey())).findFirst()
                    .orElse(null);
            if (component != null) {
                ObjectNode inner = unwrapped(componentType(component), (ObjectNode) field.getValue());
                properties.setAll((ObjectNode) inner.get(PROPERTIES));
                required.addAll(names(inner.get(REQUIRED)));
            } else {
                properties.set(field.getKey(), field.getValue());
            }
        });
        List<String> order = new ArrayList<>();
        properties.fieldNames().forEachRemaining(order::add);
        ObjectNode out = body.deepCopy();
        out.set(PROPERTIES, properties);
        out.set(REQUIRED, TREES.valueToTree(required.stream().sorted(Comparator.comparingInt(order::indexOf))
                .toList()));
        return out;
    }

    /** The names of a {@code required} array; none when it is absent. */
    static List<String> names(JsonNode required) {
        List<String> out = new ArrayList<>();
        if (required != null) {
            required.forEach(name -> out.add(name.asText()));
        }
        return out;
    }

    private static Class<?> componentType(WireField row) {
        return Arrays.stream(row.owner().getRecordComponents())
                .filter(component -> component.getName().equals(row.component())).findFirst()
                .orElseThrow(() -> new IllegalStateException("no component " + row.key())).getType();
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
        String which = hook == null ? "the hook" : "the " + hook.code() + " hook";
        return "Proof that " + which + " ran. A non-zero exit_code is refused: fix the failure and run the hook again.";
    }

    private static SchemaGenerator generator(Variant variant) {
        return GENERATORS.computeIfAbsent(variant, CommandSchemas::build);
    }

    private static SchemaGenerator build(Variant variant) {
        SchemaGeneratorConfigBuilder config = WireSchemas.withModules(new SchemaGeneratorConfigBuilder(TREES,
                SchemaVersion.DRAFT_2020_12, OptionPreset.PLAIN_JSON))
                .without(Option.SCHEMA_VERSION_INDICATOR)
                .with(Option.INLINE_ALL_SCHEMAS, Option.MAP_VALUES_AS_ADDITIONAL_PROPERTIES);
        Shape shape = variant.shape();
        config.forFields()
                .withPropertyNameOverrideResolver(field -> row(field, variant).wire())
                .withRequiredCheck(field -> row(field, variant).required()
                        || variant.mode() == CompletionMode.STRICT && row(field, variant).requiredStrict())
                .withDescriptionResolver(field -> row(field, variant).description())
                .withStringMinLengthResolver(field -> row(field, variant).minLength())
                .withStringMaxLengthResolver(field -> row(field, variant).cap() == null ? null
                        : row(field, variant).cap().max())
                .withStringPatternResolver(field -> row(field, variant).pattern())
                .withArrayMaxItemsResolver(field -> row(field, variant).maxItems() == null || !field.isContainerType()
                        ? null : row(field, variant).maxItems().max())
                .withNumberInclusiveMinimumResolver(field -> row(field, variant).minimum() == null ? null
                        : BigDecimal.valueOf(row(field, variant).minimum()))
                .withNullableCheck(field -> row(field, variant).nullable())
                .withArrayUniqueItemsResolver(field -> row(field, variant).unique() ? Boolean.TRUE : null)
                .withIgnoreCheck(field -> ignored(field, variant))
                .withTargetTypeOverridesResolver(field -> wireType(field, variant))
                .withEnumResolver(field -> enumValues(field, variant))
                .withInstanceAttributeOverride((node, field, context) -> {
                    Object constant = row(field, variant).constant();
                    if (constant != null) {
                        node.set("const", TREES.valueToTree(constant));
                    }
                    Limit keys = row(field, variant).maxItems();
                    if (keys != null && !field.isContainerType()) {
                        node.set(MAX_PROPERTIES, node.numberNode(keys.max())); // an object: its keys are its entries
                    }
                });
        config.forTypesInGeneral()
                .withPropertySorter(CommandSchemas::declarationOrder)
                .withCustomDefinitionProvider((javaType, context) -> alternatives(javaType, variant))
                .withTitleResolver(scope -> shape != null && scope.getType().getErasedType() == shape.owner()
                        ? shape.title() : null)
                .withDescriptionResolver(scope -> shape != null && scope.getType().getErasedType() == shape.owner()
                        ? shape.description() : null)
                .withTypeAttributeOverride((node, scope, context) -> {
                    Class<?> type = scope.getType().getErasedType();
                    JsonNode completion = CompletionWire.TYPE_KEYWORDS.get(type);
                    if (completion != null) {
                        node.setAll((ObjectNode) completion);
                    }
                    Object task = TaskWire.TYPE_KEYWORDS.get(type);
                    if (task != null) {
                        node.setAll((ObjectNode) TREES.valueToTree(task));
                    }
                });
        return new SchemaGenerator(config.build());
    }

    /**
     * A record with shapes is a {@code oneOf} of them, each shape generated on its own; a type whose wire shape its
     * Java type cannot say is {@link TaskWire#shapeOf}'s schema.
     */
    private static CustomDefinition alternatives(ResolvedType javaType, Variant variant) {
        Class<?> type = javaType.getErasedType();
        Object fixed = TaskWire.shapeOf(type, variant.child());
        if (fixed != null) {
            return new CustomDefinition(TREES.valueToTree(fixed), CustomDefinition.INLINE_DEFINITION,
                    CustomDefinition.INCLUDING_ATTRIBUTES);
        }
        if (variant.shape() != null && variant.shape().owner() == type) {
            return null;
        }
        List<Shape> shapes = SHAPES.stream().filter(shape -> shape.owner() == type).toList();
        if (shapes.isEmpty()) {
            return null;
        }
        ObjectNode node = TREES.createObjectNode();
        ArrayNode oneOf = node.putArray("oneOf");
        for (Shape shape : shapes) {
            oneOf.add(generator(new Variant(variant.mode(), shape, variant.child())).generateSchema(type));
        }
        return new CustomDefinition(node, CustomDefinition.INLINE_DEFINITION, CustomDefinition.EXCLUDING_ATTRIBUTES);
    }

    private static boolean ignored(FieldScope field, Variant variant) {
        WireField row = row(field, variant);
        if (field.getType().getErasedType() == UnknownKeys.class && row.wireType() == null || row.ignored()) {
            return true;
        }
        Shape shape = variant.shape();
        return shape != null && field.getDeclaringType().getErasedType() == shape.owner()
                && !shape.components().contains(field.getDeclaredName());
    }

    /**
     * The JSON type a component is written as, where it is not its Java type: the type its row names, an enum as a
     * string of its wire values (listed by its {@link WireField} row), a {@link Verbatim} as any JSON value, kept as
     * sent. A record's {@link UnknownKeys} is no property at all: the schemas allow keys they do not name
     * (docs/api.md, "Onboarding").
     */
    private static List<ResolvedType> wireType(FieldScope field, Variant variant) {
        if (!field.isFakeContainerItemScope()) {
            WireField row = row(field, variant);
            if (row.wireType() != null) {
                return List.of(row.wireItem() == null ? field.getContext().resolve(row.wireType())
                        : field.getContext().resolve(row.wireType(), row.wireItem()));
            }
        }
        Class<?> type = field.getType().getErasedType();
        if (type.isEnum()) {
            return List.of(field.getContext().resolve(String.class));
        }
        if (type == Verbatim.class) {
            return List.of(field.getContext().resolve(Object.class));
        }
        return null;
    }

    private static List<String> enumValues(FieldScope field, Variant variant) {
        if (field.isContainerType()) {
            return null; // an array's values are its entries'
        }
        WireField row = row(field, variant);
        if (row.values() == null && field.getDeclaredType().getErasedType().isEnum()) {
            throw new IllegalStateException(row.key() + " is an enum: its WireField row must list the wire values");
        }
        return row.values();
    }

    /**
     * The row of a field: the shape's own, else the goal child's own, else the general one, else the defaults. An
     * array's entries take their container's entry facts: its enum values and the cap of each string entry.
     */
    private static WireField row(FieldScope field, Variant variant) {
        Class<?> owner = field.getDeclaringType().getErasedType();
        String component = field.getDeclaredName();
        if (field.isFakeContainerItemScope()) {
            WireField container = componentRow(owner, component, variant);
            WireField entry = WireField.of(owner, component);
            if (container.values() != null) {
                entry = entry.values(container.values());
            }
            return container.entryCap() == null ? entry : entry.cap(container.entryCap());
        }
        return componentRow(owner, component, variant);
    }

    private static WireField componentRow(Class<?> owner, String component, Variant variant) {
        Shape shape = variant.shape();
        WireField own = shape != null && shape.owner() == owner ? shape.row(component) : null;
        if (own != null) {
            return own;
        }
        String key = WireField.key(owner, component);
        WireField child = variant.child() ? CHILD_BY_COMPONENT.get(key) : null;
        if (child != null) {
            return child;
        }
        WireField row = BY_COMPONENT.get(key);
        return row != null ? row : WireField.of(owner, component);
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
}
