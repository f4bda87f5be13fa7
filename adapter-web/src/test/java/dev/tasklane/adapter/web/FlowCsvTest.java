package dev.tasklane.adapter.web;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The metrics CSV's fields: quoted when they must be (RFC 4180), never read as a spreadsheet formula. */
class FlowCsvTest {
    @Test
    void fieldsAreQuotedWhenTheyMustBeAndFormulasAreNeutralised() {
        assertEquals("W12", FlowPages.cell("W12"));
        assertEquals("\"ada/claude, the second\"", FlowPages.cell("ada/claude, the second"));
        assertEquals("\"say \"\"hi\"\"\"", FlowPages.cell("say \"hi\""));
        assertEquals("\"two\nlines\"", FlowPages.cell("two\nlines"));
        assertEquals("\"'=HYPERLINK(\"\"x\"\")\"", FlowPages.cell("=HYPERLINK(\"x\")"));
        assertEquals("'+1", FlowPages.cell("+1"));
        assertEquals("'@agent", FlowPages.cell("@agent"));
        assertEquals("", FlowPages.cell(""));
    }
}
