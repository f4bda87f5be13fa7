package jakarta.inject;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Test-only stand-in for {@code jakarta.inject.Inject} (JSR 330), which no Tasklane module depends on. ArchUnit's
 * {@code GeneralCodingRules.BE_ANNOTATED_WITH_AN_INJECTION_ANNOTATION} recognises injection annotations by fully
 * qualified name, so the broken fixture {@code dev.tasklane.archfixture.coding.FieldInjected} needs a type of this
 * exact name to prove that the field-injection rule can fail. Delete this file if jakarta.inject-api ever reaches
 * bootstrap's test classpath.
 */
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.CONSTRUCTOR})
@Retention(RetentionPolicy.RUNTIME)
public @interface Inject {
}
