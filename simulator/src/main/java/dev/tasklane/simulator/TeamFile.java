package dev.tasklane.simulator;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.tasklane.domain.wip.WipLimits;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Reads a team file (YAML; JSON is YAML too) into a {@link TeamConfig.Draft}. Every problem is a
 * {@link TeamConfigException} naming the file and the field, with what the field accepts:
 *
 * <pre>
 * name: one reviewer
 * agents: 16
 * reviewers: 1
 * review_probability: 0.3
 * rework_probability: 0.2
 * failure_rate: 0.02
 * work_minutes: {distribution: lognormal, median: 30, p90: 90, max: 240}
 * review_minutes: 10-30
 * question_rate: 0.1
 * answer_minutes: lognormal:20:90:480
 * wip_limit: 12
 * </pre>
 */
final class TeamFile {
    /** The largest team file read: a team is a dozen lines. */
    static final long MAX_BYTES = 64 * 1024;
    static final List<String> FIELDS = List.of("name", "agents", "reviewers", "review_probability", "rework_probability",
            "failure_rate", "work_minutes", "review_minutes", "question_rate", "answer_minutes", "wip_limit");
    private static final List<String> DISTRIBUTION_FIELDS = List.of("distribution", "minutes", "min", "max", "median", "p90");
    private static final YAMLMapper YAML = new YAMLMapper();

    private TeamFile() {
    }

    static TeamConfig.Draft read(Path file) {
        String source = file.toString();
        JsonNode root;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw TeamConfigException.of(source, "is larger than " + MAX_BYTES / 1024 + " KB; a team file is a few lines");
            }
            root = YAML.readTree(file.toFile());
        } catch (NoSuchFileException missing) {
            throw TeamConfigException.of(source, "no such file");
        } catch (JsonProcessingException malformed) {
            JsonLocation at = malformed.getLocation();
            throw TeamConfigException.of(source, "is not valid YAML" + (at == null ? "" : " (line " + at.getLineNr()
                    + ", column " + at.getColumnNr() + ")") + ": " + malformed.getOriginalMessage());
        } catch (IOException unreadable) {
            throw TeamConfigException.of(source, "cannot be read: " + unreadable.getMessage());
        }
        try {
            TeamConfig.Draft draft = draft(root);
            draft.build("team"); // every value in range, said of this file
            return draft;
        } catch (TeamConfigException bad) {
            throw bad.in(source);
        }
    }

    /** The draft a parsed team file gives. */
    static TeamConfig.Draft draft(JsonNode root) {
        if (root == null || !root.isObject()) {
            throw new TeamConfigException(null, "must be a mapping of team fields, like \"agents: 16\"; the fields are "
                    + String.join(", ", FIELDS));
        }
        for (Iterator<String> names = root.fieldNames(); names.hasNext(); ) {
            String field = names.next();
            if (!FIELDS.contains(field)) {
                throw new TeamConfigException(field, "is not a team field; the fields are " + String.join(", ", FIELDS));
            }
        }
        return new TeamConfig.Draft(text(root, "name"), count(root, "agents", TeamConfig.MAX_AGENTS),
                count(root, "reviewers", TeamConfig.MAX_REVIEWERS), share(root, "review_probability"),
                share(root, "rework_probability"), share(root, "failure_rate"),
                distribution(root.get("work_minutes"), "work_minutes"), distribution(root.get("review_minutes"), "review_minutes"),
                share(root, "question_rate"), distribution(root.get("answer_minutes"), "answer_minutes"),
                count(root, "wip_limit", WipLimits.MAX_DOING));
    }

    /**
     * A distribution written as one value, as the flags take it: {@code 30} (fixed), {@code 10-50} (uniform, both
     * included) or {@code lognormal:MEDIAN:P90[:MAX]}, in minutes.
     */
    static Distribution parse(String field, String spec) {
        String value = spec.trim().toLowerCase(Locale.ROOT);
        try {
            if (value.startsWith("lognormal:")) {
                String[] parts = value.substring("lognormal:".length()).split(":", -1);
                if (parts.length == 2 || parts.length == 3) {
                    int median = Integer.parseInt(parts[0].trim());
                    int p90 = Integer.parseInt(parts[1].trim());
                    return new Distribution.LogNormal(median, p90,
                            parts.length == 3 ? Integer.parseInt(parts[2].trim()) : defaultMax(p90));
                }
            } else if (value.matches("[0-9]{1,9}")) {
                return new Distribution.Fixed(Integer.parseInt(value));
            } else if (value.matches("[0-9]{1,9} *- *[0-9]{1,9}")) {
                String[] bounds = value.split("-");
                return new Distribution.Uniform(Integer.parseInt(bounds[0].trim()), Integer.parseInt(bounds[1].trim()));
            }
        } catch (NumberFormatException notANumber) {
            // said below
        } catch (IllegalArgumentException outOfRange) {
            throw new TeamConfigException(field, outOfRange.getMessage());
        }
        throw new TeamConfigException(field, "must be minutes as N (fixed), MIN-MAX (uniform) or lognormal:MEDIAN:P90[:MAX], got \""
                + abbreviate(spec) + "\"");
    }

    /** A log-normal's cut when none is given: four times its p90, within the longest time. */
    static int defaultMax(int p90) {
        return (int) Math.min(Distribution.MAX_MINUTES, Math.max(p90, 4L * p90));
    }

    private static Distribution distribution(JsonNode node, String field) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isTextual() || node.isIntegralNumber()) {
            return parse(field, node.asText());
        }
        if (!node.isObject()) {
            throw new TeamConfigException(field, "must be minutes (30, 10-50, lognormal:30:90) or a mapping with distribution: "
                    + "fixed, uniform or lognormal");
        }
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!DISTRIBUTION_FIELDS.contains(name)) {
                throw new TeamConfigException(field + "." + name, "is not a distribution field; they are "
                        + String.join(", ", DISTRIBUTION_FIELDS));
            }
        }
        String kind = text(node, "distribution", field + ".distribution");
        if (kind == null) {
            throw new TeamConfigException(field + ".distribution", "is missing: give fixed, uniform or lognormal");
        }
        Map<String, Function<JsonNode, Distribution>> kinds = Map.of(
                "fixed", n -> new Distribution.Fixed(minutes(n, field, "minutes", true)),
                "uniform", n -> new Distribution.Uniform(minutes(n, field, "min", true), minutes(n, field, "max", true)),
                "lognormal", n -> {
                    int p90 = minutes(n, field, "p90", true);
                    Integer max = minutes(n, field, "max", false);
                    return new Distribution.LogNormal(minutes(n, field, "median", true), p90, max == null ? defaultMax(p90) : max);
                });
        Function<JsonNode, Distribution> make = kinds.get(kind.toLowerCase(Locale.ROOT));
        if (make == null) {
            throw new TeamConfigException(field + ".distribution", "must be fixed, uniform or lognormal, got \"" + abbreviate(kind) + "\"");
        }
        try {
            return make.apply(node);
        } catch (TeamConfigException named) {
            throw named;
        } catch (IllegalArgumentException outOfRange) {
            throw new TeamConfigException(field + "." + outOfRange.getMessage().split(" ", 2)[0],
                    outOfRange.getMessage().split(" ", 2)[1]);
        }
    }

    private static Integer minutes(JsonNode node, String field, String name, boolean required) {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            if (required) {
                throw new TeamConfigException(field + "." + name, "is missing: give a whole number of minutes");
            }
            return null;
        }
        if (!value.isIntegralNumber() || !value.canConvertToInt()) {
            throw new TeamConfigException(field + "." + name, "must be a whole number of minutes from 1 to "
                    + Distribution.MAX_MINUTES + ", got " + describe(value));
        }
        return value.intValue();
    }

    private static String text(JsonNode root, String field) {
        return text(root, field, field);
    }

    private static String text(JsonNode root, String field, String named) {
        JsonNode value = root.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual() && !value.isNumber()) {
            throw new TeamConfigException(named, "must be text, got " + describe(value));
        }
        return value.asText();
    }

    private static Integer count(JsonNode root, String field, int max) {
        JsonNode value = root.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isIntegralNumber() || !value.canConvertToInt()) {
            throw new TeamConfigException(field, "must be a whole number from 1 to " + max + ", got " + describe(value));
        }
        return value.intValue();
    }

    private static Double share(JsonNode root, String field) {
        JsonNode value = root.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isNumber()) {
            throw new TeamConfigException(field, "must be a number from 0 to 1, got " + describe(value));
        }
        return value.doubleValue();
    }

    private static String describe(JsonNode value) {
        if (value.isTextual()) {
            return "\"" + abbreviate(value.asText()) + "\"";
        }
        if (value.isContainerNode()) {
            return value.isArray() ? "a list" : "a mapping";
        }
        return abbreviate(value.toString());
    }

    private static String abbreviate(String text) {
        return text.length() > 40 ? text.substring(0, 40) + "..." : text;
    }
}
