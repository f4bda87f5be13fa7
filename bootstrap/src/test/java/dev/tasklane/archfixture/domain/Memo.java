package dev.tasklane.archfixture.domain;

import java.util.List;
import java.util.Map;

/** Broken on purpose: a public domain record that carries decoded JSON and a raw list. */
@SuppressWarnings("rawtypes")
public record Memo(Map<String, Object> facts, List tags) {
    /** A wildcard promises nothing about the elements: allowed. */
    public static int size(List<?> any) {
        return any.size();
    }
}
