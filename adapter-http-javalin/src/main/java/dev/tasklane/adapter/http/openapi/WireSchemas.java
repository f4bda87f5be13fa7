package dev.tasklane.adapter.http.openapi;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.classmate.ResolvedType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.victools.jsonschema.generator.CustomDefinition;
import com.github.victools.jsonschema.generator.FieldScope;
import com.github.victools.jsonschema.generator.Option;
import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaBuilder;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import com.github.victools.jsonschema.generator.naming.CleanSchemaDefinitionNamingStrategy;
import com.github.victools.jsonschema.generator.naming.DefaultSchemaDefinitionNamingStrategy;
import com.github.victools.jsonschema.module.jackson.JacksonModule;
import com.github.victools.jsonschema.module.jackson.JacksonOption;
import com.github.victools.jsonschema.module.jakarta.validation.JakartaValidationModule;
import com.github.victools.jsonschema.module.jakarta.validation.JakartaValidationOption;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.id.TaskId;

import java.lang.reflect.Type;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * JSON Schemas (draft 2020-12, the dialect of OpenAPI 3.1) of the wire records, generated with victools
 * jsonschema-generator and its Jackson and Jakarta-validation modules: property names, order and inclusion as Jackson
 * writes and reads them ({@code @JsonNaming}, {@code @JsonProperty}, {@code @JsonInclude}), caps and required fields
 * from the Bean Validation annotations ({@code @NotNull}, {@code @NotBlank}, {@code @Size}, {@code @Min},
 * {@code @Pattern}). Every record becomes one named schema under {@code components/schemas}, referenced with
 * {@code $ref}.
 *
 * <p>Requests and answers differ in what "required" means, so they are generated in two directions:
 * <ul>
 *   <li>{@link Direction#REQUEST}: a field is required when its Bean Validation says it must be present
 *       ({@code @NotNull}, {@code @NotBlank}, {@code @NotEmpty}), and never null unless it is nullable there;</li>
 *   <li>{@link Direction#ANSWER}: a field is required when Jackson always writes it (no {@code @JsonInclude} that
 *       leaves it out), and an object-typed field may be null unless it is {@code @NotNull} (the answer writes an
 *       absent value as {@code null}).</li>
 * </ul>
 * The value ids ({@code TaskId}, {@code UserId}, {@code BoardId}) are integers, as the API writes them; an
 * {@code Object} or {@code JsonNode} is any JSON value, an {@code ObjectNode} or a {@code Map} an object of any keys
 * (of string values for a {@code Map} of strings).
 */
public final class WireSchemas {
    /** Where the named schemas live in the OpenAPI document. */
    public static final String COMPONENTS = "components/schemas";

    /** Which way a record travels: what its schema calls required and nullable. */
    public enum Direction {
        REQUEST, ANSWER
    }

    private static final ObjectMapper TREES = JsonMapper.builder().build();
    private static final Set<Class<?>> IDS = Set.of(TaskId.class, UserId.class, BoardId.class);
    private static final Set<JsonInclude.Include> ALWAYS = Set.of(JsonInclude.Include.ALWAYS,
            JsonInclude.Include.USE_DEFAULTS);

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
        for (Iterator<Map.Entry<String, com.fasterxml.jackson.databind.JsonNode>> it = answerDefinitions.fields();
             it.hasNext(); ) {
            Map.Entry<String, com.fasterxml.jackson.databind.JsonNode> entry = it.next();
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
        SchemaGeneratorConfigBuilder config = new SchemaGeneratorConfigBuilder(TREES, SchemaVersion.DRAFT_2020_12,
                OptionPreset.PLAIN_JSON)
                .without(Option.SCHEMA_VERSION_INDICATOR)
                .with(Option.DEFINITIONS_FOR_ALL_OBJECTS, Option.MAP_VALUES_AS_ADDITIONAL_PROPERTIES);
        withModules(config);
        config.forFields().withNullableCheck(field -> field.getAnnotationConsideringFieldAndGetter(MayBeNull.class)
                != null ? Boolean.TRUE : null);
        if (direction == Direction.ANSWER) {
            config.with(Option.NULLABLE_FIELDS_BY_DEFAULT);
            config.forFields().withRequiredCheck(WireSchemas::alwaysWritten);
        }
        config.forTypesInGeneral()
                .withDefinitionNamingStrategy(new CleanSchemaDefinitionNamingStrategy(
                        new DefaultSchemaDefinitionNamingStrategy(), name -> name.replaceAll("[^A-Za-z0-9._-]", "_")))
                .withCustomDefinitionProvider((javaType, context) -> {
                    Class<?> type = javaType.getErasedType();
                    if (IDS.contains(type)) {
                        return inline(TREES.createObjectNode().put("type", "integer"));
                    }
                    if (type == Object.class || type == JsonNode.class) {
                        return inline(TREES.createObjectNode());
                    }
                    if (type == ObjectNode.class || Map.class.isAssignableFrom(type)) {
                        ObjectNode object = TREES.createObjectNode().put("type", "object");
                        List<ResolvedType> parameters = javaType.getTypeParameters();
                        if (parameters.size() == 2 && parameters.get(1).getErasedType() == String.class) {
                            object.putObject("additionalProperties").put("type", "string");
                        }
                        return inline(object);
                    }
                    return null;
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

    private static CustomDefinition inline(ObjectNode schema) {
        return new CustomDefinition(schema, CustomDefinition.INLINE_DEFINITION, CustomDefinition.INCLUDING_ATTRIBUTES);
    }

    /** Jackson writes the field whatever its value: no {@code @JsonInclude} on it or its record that leaves it out. */
    private static boolean alwaysWritten(FieldScope field) {
        if (field.isFakeContainerItemScope()) {
            return false;
        }
        JsonInclude own = field.getAnnotationConsideringFieldAndGetter(JsonInclude.class);
        if (own != null && own.value() != JsonInclude.Include.USE_DEFAULTS) {
            return ALWAYS.contains(own.value());
        }
        JsonInclude onType = field.getDeclaringType().getErasedType().getAnnotation(JsonInclude.class);
        return onType == null || ALWAYS.contains(onType.value());
    }
}
