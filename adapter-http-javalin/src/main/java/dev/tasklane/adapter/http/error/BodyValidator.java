package dev.tasklane.adapter.http.error;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Binds a parsed JSON object to a request record and checks its Bean Validation constraints with the one shared
 * {@link Validator}. Wrong types and violated constraints are a 422 naming each field and its reason.
 */
public final class BodyValidator {
    private final ObjectMapper mapper;
    private final Supplier<Validator> factory;
    private volatile Validator validator;

    /** The validator is built on first use: Hibernate Validator's start-up cost stays off the server's. */
    public BodyValidator(ObjectMapper mapper, Supplier<Validator> factory) {
        this.mapper = mapper;
        this.factory = factory;
    }

    private Validator validator() {
        Validator built = validator;
        if (built == null) {
            synchronized (this) {
                if (validator == null) {
                    validator = factory.get();
                }
                built = validator;
            }
        }
        return built;
    }

    /** {@code body} bound to {@code type} and validated; a 422 {@link RequestRefused} naming each wrong field. */
    public <T> T bind(ObjectNode body, Class<T> type) {
        T value;
        try {
            value = mapper.treeToValue(body, type);
        } catch (JsonProcessingException wrongType) {
            String field = "body";
            if (wrongType instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
                field = mapping.getPath().stream()
                        .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : String.valueOf(ref.getIndex()))
                        .collect(Collectors.joining("."));
            }
            throw invalid(Map.of(field, List.of("has the wrong type")));
        }
        Set<ConstraintViolation<T>> violations = validator().validate(value);
        if (!violations.isEmpty()) {
            Map<String, List<String>> errors = new TreeMap<>();
            violations.stream()
                    .sorted(Comparator.comparing(violation -> violation.getPropertyPath().toString()))
                    .forEach(violation -> errors.computeIfAbsent(snake(violation.getPropertyPath().toString()),
                            key -> new ArrayList<>()).add(violation.getMessage()));
            throw invalid(new LinkedHashMap<>(errors));
        }
        return value;
    }

    private static RequestRefused invalid(Map<String, List<?>> errors) {
        return new RequestRefused(422, ErrorBody.builder().error("validation failed")
                .errors(new ErrorBody.ByField(errors))
                .guidance(ErrorBody.Guidance.documentation(ErrorGuidance.API)).build());
    }

    private static String snake(String property) {
        return property.replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
    }
}
