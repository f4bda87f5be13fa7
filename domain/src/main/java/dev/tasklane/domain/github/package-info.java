/**
 * GitHub issues that become tasks (docs/api.md, "GitHub issues"): a board's connection to one repository, the
 * {@code X-Hub-Signature-256} check GitHub's deliveries must pass before anything is read, the label table that maps
 * an issue's labels to a priority and capabilities, and the rule that turns an {@code issues} event into a change of
 * its task. Pure Java: the JSON reading and the stores are adapters.
 */
package dev.tasklane.domain.github;
