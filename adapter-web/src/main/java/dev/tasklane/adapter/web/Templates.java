package dev.tasklane.adapter.web;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;

/** The precompiled jte templates (src/main/jte, compiled at build time into {@link #PACKAGE}). */
final class Templates {
    static final String PACKAGE = "dev.tasklane.adapter.web.templates";

    private final TemplateEngine engine =
            TemplateEngine.createPrecompiled(null, ContentType.Html, Templates.class.getClassLoader(), PACKAGE);

    /** Renders {@code name} ("board.jte") with its one parameter, {@code page}. */
    String render(String name, Object page) {
        StringOutput output = new StringOutput();
        engine.render(name, page, output);
        return output.toString();
    }
}
