/**
 * The completion's wire records: the explorer and reviewer results and the parts of a stored completion as a task's
 * answer carries them, and the Jackson module that writes the domain's completion records (workflow steps, changed
 * files, the reviewer's sections and entries) with their snake_case keys and the keys no rule names, as sent
 * (docs/api.md, "Completion validation"). The onboarding's JSON Schemas of the two results are generated from
 * {@link dev.tasklane.adapter.http.wire.completion.ExplorerResultBody} and
 * {@link dev.tasklane.adapter.http.wire.completion.ReviewerResultBody}. A completion request is bound to
 * {@link dev.tasklane.adapter.http.wire.completion.CompletionBody}, its results to
 * {@link dev.tasklane.adapter.http.wire.completion.ExplorerResultRequest} and
 * {@link dev.tasklane.adapter.http.wire.completion.ReviewerResultRequest}, whose structured fields
 * {@link dev.tasklane.adapter.http.wire.completion.ReviewerChecks} checks in Stride's order;
 * {@link dev.tasklane.adapter.http.wire.completion.SentFields} keeps what is not typed as sent.
 */
package dev.tasklane.adapter.http.wire.completion;
