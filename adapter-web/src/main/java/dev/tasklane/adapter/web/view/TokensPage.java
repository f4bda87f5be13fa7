package dev.tasklane.adapter.web.view;

import java.util.List;

/** The person's tokens, the form to create one, and the token just created (if any). */
public record TokensPage(Chrome chrome, List<TokenRow> tokens, List<Option> boards, List<Option> capabilities,
                         List<Option> owners, IssuedTokenView issued, List<Option> presets, List<Option> scopes) {
}
