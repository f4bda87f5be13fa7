package dev.tasklane.adapter.http.openapi;


import com.fasterxml.classmate.ResolvedType;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.PropertyNamingStrategy;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.victools.jsonschema.generator.CustomDefinition;
import com.github.victools.jsonschema.generator.FieldScope;
import com.github.victools.jsonschema.generator.Option;
import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaBuilder;
import com.github.victools.jsonschema.generator.SchemaGenerationContext;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import com.github.victools.jsonschema.generator.TypeScope;
import com.github.victools.jsonschema.generator.impl.DefinitionKey;
import com.github.victools.jsonschema.generator.naming.SchemaDefinitionNamingStrategy;
import com.github.victools.jsonschema.module.jackson.JacksonModule;
import com.github.victools.jsonschema.module.jackson.JacksonOption;
import com.github.victools.jsonschema.module.jakarta.validation.JakartaValidationModule;
import com.github.victools.jsonschema.module.jakarta.validation.JakartaValidationOption;
import dev.tasklane.adapter.http.error.ErrorBody;
import dev.tasklane.adapter.http.wire.TaskAnswer;
import dev.tasklane.json.KeptAsSent;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TextOrList;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.Verbatim;

import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * JSON Schemas (draft 2020-12, the dialect of OpenAPI 3.1) of the wire records, generated with victools
 * jsonschema-generator and its Jackson and Jakarta-validation modules: property names, order and inclusion as Jackson
 * writes and reads them ({@code @JsonNaming}, {@code @JsonProperty}, {@code @JsonInclude}, and the mix-ins of
 * {@link dev.tasklane.json.KeptAsSent}), caps and required fields from the Bean Validation annotations. Every record becomes
 * one named schema under {@code components/schemas}, referenced with {@code $ref}; a generic record is named after its
 * type arguments ({@code Envelope<FullTask>} is {@code FullTaskEnvelope}), a nested one after its enclosing type
 * ({@code IdentityRoutes.UserAnswer} is {@code IdentityRoutesUserAnswer}) but for the records of {@link TaskAnswer}.
 *
 * <p>Requests and answers differ in what "required" means, so they are generated in two directions:
 * <ul>
 *   <li>{@link Direction#REQUEST}: a field is required when its Bean Validation says it must be present
 *       ({@code @NotNull}, {@code @NotBlank}, {@code @NotEmpty}), and never null unless it is {@link MayBeNull};
 *       an object may carry keys it does not name (the server ignores them);</li>
 *   <li>{@link Direction#ANSWER}: a field is required when Jackson always writes it (no {@code @JsonInclude} that
 *       leaves it out), an object-typed field may be null, and a record's object is closed
 *       ({@code additionalProperties: false}), since Jackson writes its components and nothing else; a record that
 *       also writes the keys an agent sent ({@code @JsonUnwrapped} {@link UnknownKeys}, {@code @JsonAnyGetter})
 *       allows any other key.</li>
 * </ul>
 * What the generator cannot see from the types, because a serializer of the adapter writes it:
 * <ul>
 *   <li>the value ids ({@code TaskId}, {@code UserId}, {@code BoardId}) are integers, a {@link TaskIdentifier} a
 *       string;</li>
 *   <li>a {@link Verbatim}, an {@code Object} or a {@code JsonNode} is any JSON value; an {@code ObjectNode}, a
 *       {@code Map}, an {@link UnknownKeys} written as an object and a history entry's {@link HistoryFacts} an object
 *       (a {@code Map}'s values typed as its value type);</li>
 *   <li>a {@link TextOrList} is a string or an array of strings (the schema {@code TextOrList});</li>
 *   <li>a sealed interface is {@code oneOf} its records ({@link ErrorBody#alternatives()} for the error body's
 *       {@code errors} and {@code details}); {@code details} is {@code anyOf}, since its changeset tree (an object of
 *       arrays) can also read as one of the other shapes;</li>
 *   <li>a record written through {@code @JsonValue} is the schema of that value;</li>
 *   <li>an {@code Iterable} (rows written one at a time) is an array.</li>
 * </ul>
 */
public final class WireSchemas {
    /** Where the named schemas live in the OpenAPI document. */
    public static final String COMPONENTS = "components/schemas";

    /** Which way a record travels: what its schema calls required and nullable. */
    public enum Direction {
        REQUEST, ANSWER
    }

    private static final ObjectMapper TREES = JsonMapper.builder().build();
    /** The mix-ins the server writes with, to read a domain record's names and inclusion as Jackson does. */
    private static final ObjectMapper WRITER = JsonMapper.builder().addModule(KeptAsSent.module()).build();
    private static final Set<Class<?>> IDS = Set.of(TaskId.class, UserId.class, BoardId.class);
    private static final Set<JsonInclude.Include> ALWAYS = Set.of(JsonInclude.Include.ALWAYS,
            JsonInclude.Include.USE_DEFAULTS);
    /** Records that a serializer of the adapter writes as something else than their components. */
    private static final Set<Class<?>> SERIALIZED = Set.of(TaskIdentifier.class, Verbatim.class, UnknownKeys.class);
    /** Sealed types whose alternatives the type names itself. */
    private static final Map<Class<?>, List<Class<?>>> ALTERNATIVES = Map.of(
            ErrorBody.Errors.class, ErrorBody.alternatives().get("errors"),
            ErrorBody.Details.class, ErrorBody.alternatives().get("details"));
    /** Sealed types whose alternatives can describe the same value: {@code anyOf}. */
    private static final Set<Class<?>> OVERLAPPING = Set.of(ErrorBody.Details.class);

    private final SchemaBuilder requests = generator(Direction.REQUEST).buildMultipleSchemaDefinitions();
    private final SchemaBuilder answers = generator(Direction.ANSWER).buildMultipleSchemaDefinitions();
    private boolean collected;

    /** The {@code $ref} schema of {@code type} travelling in {@code direction}; call before {@link #components}. */
    public ObjectNode reference(Direction direction, Type type) {
        if (collected) {
            throw new IllegalStateException("the components were already collected");
        }
        return (direction == Direction.REQUEST ? requests : answers).createSchemaReference(type);
    }

    /**
     * The named schemas of every type referenced so far, to put under {@link #COMPONENTS}; a name generated both as
     * a request and as an answer is refused, since one name would then stand for two schemas.
     */
    public ObjectNode components() {
        collected = true;
        ObjectNode out = requests.collectDefinitions(COMPONENTS);
        ObjectNode answerDefinitions = answers.collectDefinitions(COMPONENTS);
        for (Iterator<Map.Entry<String, JsonNode>> it = answerDefinitions.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            if (out.has(entry.getKey()) && !out.get(entry.getKey()).equals(entry.getValue())) {
                throw new IllegalStateException("schema " + entry.getKey() + " is both a request and an answer "
                        + "with different shapes: give one of the two records another name");
            }
            out.set(entry.getKey(), entry.getValue());
        }
        return out;
    }

    /** The generator of one direction: the modules, the options and the Tasklane wire types. */
    public static SchemaGenerator generator(Direction direction) {
        SchemaGeneratorConfigBuilder config = new SchemaGeneratorConfigBuilder(WRITER, SchemaVersion.DRAFT_2020_12,
                OptionPreset.PLAIN_JSON)
                .without(Option.SCHEMA_VERSION_INDICATOR)
                .with(Option.DEFINITIONS_FOR_ALL_OBJECTS);
        withModules(config);
        config.forFields()
                .withNullableCheck(field -> field.getAnnotationConsideringFieldAndGetter(MayBeNull.class) != null
                        ? Boolean.TRUE : null)
                .withIgnoreCheck(WireSchemas::unwrappedUnknownKeys)
                .withPropertyNameOverrideResolver(WireSchemas::mixInName)
                .withTargetTypeOverridesResolver(field -> {
                    ResolvedType type = field.getType();
                    if (type != null && type.getErasedType() == Iterable.class) {
                        return List.of(field.getContext().resolve(List.class, type.getTypeParameters().get(0)));
                    }
                    return null;
                });
        if (direction == Direction.ANSWER) {
            config.with(Option.NULLABLE_FIELDS_BY_DEFAULT);
            config.forFields().withRequiredCheck(WireSchemas::alwaysWritten);
            config.forTypesInGeneral().withAdditionalPropertiesResolver((scope, context) -> answerKeys(scope));
        }
        config.forTypesInGeneral()
                .withDefinitionNamingStrategy(new Names())
                .withCustomDefinitionProvider(WireSchemas::wireType)
                .withTypeAttributeOverride((schema, scope, context) -> {
                    dropUnwrappedKeys(schema);
                    if (direction == Direction.ANSWER && answerKeys(scope) == BooleanNode.TRUE) {
                        // said, not implied: other keys are the sent ones
                        schema.set("additionalProperties", BooleanNode.TRUE);
                    }
                });
        return new SchemaGenerator(config.build());
    }

    /**
     * Adds the modules every Tasklane schema is generated with (these, and the onboarding's json_schemas): Jackson's
     * names, order, inclusion and required flags, and the Bean Validation constraints.
     */
    public static SchemaGeneratorConfigBuilder withModules(SchemaGeneratorConfigBuilder config) {
        return config
                .with(new JacksonModule(JacksonOption.RESPECT_JSONPROPERTY_ORDER,
                        JacksonOption.RESPECT_JSONPROPERTY_REQUIRED))
                .with(new JakartaValidationModule(JakartaValidationOption.INCLUDE_PATTERN_EXPRESSIONS,
                        JakartaValidationOption.NOT_NULLABLE_FIELD_IS_REQUIRED));
    }

    /** A schema of one keyword: its JSON type. */
    record Typed(String type) {
    }

    /** The schema of an array whose entries match {@code items}. */
    record ArrayOf(String type, JsonNode items) {
    }

    /** The schema {@code {"type": type}}. */
    public static ObjectNode typed(String type) {
        return TREES.valueToTree(new Typed(type));
    }

    /** The schema of a type that a serializer writes otherwise than its Java type says; null for the others. */
    private static CustomDefinition wireType(ResolvedType javaType, SchemaGenerationContext context) {
        Class<?> type = javaType.getErasedType();
        if (IDS.contains(type)) {
            return inline(typed("integer"));
        }
        if (type == TaskIdentifier.class) {
            return inline(typed("string"));
        }
        if (type == Object.class || type == JsonNode.class || type == Verbatim.class) {
            return inline(TREES.createObjectNode());
        }
        if (type == ObjectNode.class || type == UnknownKeys.class || type == HistoryFacts.class) {
            return inline(typed("object"));
        }
        if (Map.class.isAssignableFrom(type)) {
            ObjectNode object = typed("object");
            List<ResolvedType> parameters = javaType.getTypeParameters();
            if (parameters.size() == 2 && parameters.get(1).getErasedType() != Object.class) {
                object.set("additionalProperties", context.createDefinitionReference(parameters.get(1)));
            }
            return inline(object);
        }
        if (type == TextOrList.class) {
            ObjectNode schema = TREES.createObjectNode();
            ArrayNode oneOf = schema.putArray("oneOf");
            oneOf.add(typed("string"));
            oneOf.add(TREES.valueToTree(new ArrayOf("array", typed("string"))));
            return new CustomDefinition(schema, CustomDefinition.DefinitionType.STANDARD,
                    CustomDefinition.AttributeInclusion.YES);
        }
        if (type.isInterface() && type.isSealed()) {
            ObjectNode schema = TREES.createObjectNode();
            ArrayNode each = schema.putArray(OVERLAPPING.contains(type) ? "anyOf" : "oneOf");
            List<Class<?>> alternatives = ALTERNATIVES.getOrDefault(type, Arrays.asList(type.getPermittedSubclasses()));
            alternatives.forEach(record -> each.add(context.createDefinitionReference(
                    context.getTypeContext().resolve(record))));
            return new CustomDefinition(schema, CustomDefinition.DefinitionType.STANDARD,
                    CustomDefinition.AttributeInclusion.YES);
        }
        RecordComponent value = jsonValue(type);
        if (value != null) {
            ObjectNode schema = context.createStandardDefinition(
                    context.getTypeContext().resolve(value.getGenericType()), null);
            return new CustomDefinition(schema, CustomDefinition.DefinitionType.STANDARD,
                    CustomDefinition.AttributeInclusion.YES);
        }
        return null;
    }

    /** The component a record is written as through {@code @JsonValue}; null for none. */
    private static RecordComponent jsonValue(Class<?> type) {
        if (!type.isRecord()) {
            return null;
        }
        for (RecordComponent component : type.getRecordComponents()) {
            if (component.getAccessor().isAnnotationPresent(JsonValue.class)
                    || component.isAnnotationPresent(JsonValue.class)) {
                return component;
            }
        }
        return null;
    }

    private static CustomDefinition inline(ObjectNode schema) {
        return new CustomDefinition(schema, CustomDefinition.INLINE_DEFINITION, CustomDefinition.INCLUDING_ATTRIBUTES);
    }

    /**
     * An answer's other keys: none for a record, since Jackson writes its components alone; any for a record that
     * writes the keys an agent sent in its place ({@code @JsonUnwrapped} {@link UnknownKeys}) or a map's keys
     * ({@code @JsonAnyGetter}).
     */
    private static JsonNode answerKeys(TypeScope scope) {
        Class<?> type = scope.getType().getErasedType();
        if (!type.isRecord() || SERIALIZED.contains(type) || IDS.contains(type) || jsonValue(type) != null) {
            return null;
        }
        for (RecordComponent component : type.getRecordComponents()) {
            if (component.getType() == UnknownKeys.class && unwrapped(type, component.getName())) {
                return BooleanNode.TRUE;
            }
        }
        for (Method method : type.getMethods()) {
            if (method.isAnnotationPresent(JsonAnyGetter.class)) {
                return BooleanNode.TRUE;
            }
        }
        return BooleanNode.FALSE;
    }

    /**
     * The property name Jackson writes for a component of a domain record it writes through a mix-in (the mix-in's
     * {@code @JsonNaming}); null for the others, whose names the Jackson module reads itself.
     */
    private static String mixInName(FieldScope field) {
        Class<?> mixIn = WRITER.getSerializationConfig().findMixInClassFor(field.getDeclaringType().getErasedType());
        JsonNaming naming = mixIn == null ? null : mixIn.getAnnotation(JsonNaming.class);
        if (naming == null) {
            return null;
        }
        try {
            PropertyNamingStrategy strategy = naming.value().getDeclaredConstructor().newInstance();
            return strategy instanceof PropertyNamingStrategies.NamingBase base
                    ? base.translate(field.getDeclaredName()) : null;
        } catch (ReflectiveOperationException unusable) {
            throw new IllegalStateException("the naming of " + mixIn + " cannot be made", unusable);
        }
    }

    /** What the Jackson module leaves of an unwrapped {@link UnknownKeys}: {@code allOf: [{type: object}]}. */
    private static void dropUnwrappedKeys(ObjectNode schema) {
        JsonNode allOf = schema.get("allOf");
        if (allOf instanceof ArrayNode parts) {
            for (Iterator<JsonNode> it = parts.elements(); it.hasNext(); ) {
                if (it.next().equals(typed("object"))) {
                    it.remove();
                }
            }
            if (parts.isEmpty()) {
                schema.remove("allOf");
            }
        }
    }

    /** An {@link UnknownKeys} component written in its record's place: its keys are the record's other keys. */
    private static boolean unwrappedUnknownKeys(FieldScope field) {
        return !field.isFakeContainerItemScope() && field.getType() != null
                && field.getType().getErasedType() == UnknownKeys.class
                && unwrapped(field.getDeclaringType().getErasedType(), field.getDeclaredName());
    }

    private static boolean unwrapped(Class<?> owner, String component) {
        try {
            if (owner.getDeclaredField(component).isAnnotationPresent(JsonUnwrapped.class)) {
                return true;
            }
        } catch (NoSuchFieldException none) {
            return false;
        }
        Class<?> mixIn = WRITER.getSerializationConfig().findMixInClassFor(owner);
        if (mixIn == null) {
            return false;
        }
        for (Method method : mixIn.getDeclaredMethods()) {
            if (method.getName().equals(component) && method.isAnnotationPresent(JsonUnwrapped.class)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Jackson writes the field whatever its value: no {@code @JsonInclude} on it, on its record or on the record's
     * mix-in that leaves it out.
     */
    private static boolean alwaysWritten(FieldScope field) {
        if (field.isFakeContainerItemScope()) {
            return false;
        }
        JsonInclude own = field.getAnnotationConsideringFieldAndGetter(JsonInclude.class);
        if (own != null && own.value() != JsonInclude.Include.USE_DEFAULTS) {
            return ALWAYS.contains(own.value());
        }
        Class<?> owner = field.getDeclaringType().getErasedType();
        JsonInclude onType = owner.getAnnotation(JsonInclude.class);
        Class<?> mixIn = WRITER.getSerializationConfig().findMixInClassFor(owner);
        if (onType == null && mixIn != null) {
            onType = mixIn.getAnnotation(JsonInclude.class);
        }
        return onType == null || ALWAYS.contains(onType.value());
    }

    /**
     * A schema's name: a record's simple name, after its enclosing type's for a nested one (but for the records
     * {@link TaskAnswer} gathers, named as their own), after its type arguments for a generic one ({@code List} for a
     * collection); nullable variants keep victools' suffix.
     */
    static final class Names implements SchemaDefinitionNamingStrategy {
        @Override
        public String getDefinitionNameForKey(DefinitionKey key, SchemaGenerationContext context) {
            return name(key.getType());
        }

        static String name(ResolvedType type) {
            Class<?> raw = type.getErasedType();
            StringBuilder name = new StringBuilder();
            type.getTypeParameters().forEach(parameter -> name.append(name(parameter)));
            if (raw == Iterable.class || Collection.class.isAssignableFrom(raw) || raw.isArray()) {
                return name.append("List").toString();
            }
            if (JsonNode.class.isAssignableFrom(raw)) {
                return name.append("Object").toString(); // any JSON object ({@code ObjectNode})
            }
            if (raw.getEnclosingClass() != null && raw.getEnclosingClass() != TaskAnswer.class) {
                name.append(raw.getEnclosingClass().getSimpleName());
            }
            return name.append(raw.getSimpleName()).toString();
        }
    }
}
