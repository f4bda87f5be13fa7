/**
 * A deliberately broken miniature of Tasklane's layout, used only by {@code ArchitectureRulesFailTest} to show that
 * every rule in {@code ArchitectureRules} can fail and reports the violation it is meant to catch. Each class says which
 * rule it breaks (or which exception to a rule it exercises). Test sources only; never imported by the real
 * architecture test, which imports production classes alone.
 */
package dev.tasklane.archfixture;
