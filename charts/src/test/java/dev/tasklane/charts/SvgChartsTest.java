package dev.tasklane.charts;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every chart is well-formed SVG with its title, axes, units and text alternative, and scales by its viewBox. */
class SvgChartsTest {
    private static final List<String> DAYS = List.of("03-01", "03-02", "03-03", "03-04");

    private static ChartSpec spec(String id) {
        return new ChartSpec(id, "Throughput <per day>", "Tasks reaching Done each day: 3, none, 5, 1 & more", DAYS,
                "day", "tasks");
    }

    @Test
    void aBarChartHasItsTextAlternativeAxesAndOneBarPerValue() throws Exception {
        Document svg = parse(SvgCharts.bars(spec("tp"), new Series("done", Arrays.asList(3.0, null, 5.0, 1.0))));
        Element root = svg.getDocumentElement();
        assertEquals("svg", root.getTagName());
        assertEquals("0 0 640 300", root.getAttribute("viewBox"));
        assertEquals("100%", root.getAttribute("width"));
        assertEquals("img", root.getAttribute("role"));
        assertEquals("tp-title tp-desc", root.getAttribute("aria-labelledby"));
        assertEquals("Throughput <per day>", byId(svg, "title", "tp-title").getTextContent());
        assertTrue(byId(svg, "desc", "tp-desc").getTextContent().contains("1 & more"));
        assertEquals(3, svg.getElementsByTagName("rect").getLength(), "no bar for a missing value");
        List<String> texts = texts(svg);
        assertTrue(texts.contains("day") && texts.contains("tasks"), "both axes are named with their units: " + texts);
        assertTrue(texts.contains("0") && texts.contains("6"), "the y axis has ticks from 0 past the highest value: " + texts);
        assertTrue(texts.contains("03-01"), "x labels are shown");
    }

    @Test
    void aLineChartBreaksWhereAValueIsMissingAndHasALegend() throws Exception {
        Document svg = parse(SvgCharts.lines(spec("ct"), List.of(
                new Series("p50", Arrays.asList(1.0, null, 2.0, 2.5)), new Series("p85", Arrays.asList(2.0, 3.0, 4.0, 4.5)))));
        NodeList paths = svg.getElementsByTagName("path");
        assertEquals(2, paths.getLength());
        // p85 is drawn first, p50 over it
        assertEquals(2, count(((Element) paths.item(1)).getAttribute("d"), 'M'), "the p50 line is broken at its gap");
        assertEquals(1, count(((Element) paths.item(0)).getAttribute("d"), 'M'));
        assertEquals(7, svg.getElementsByTagName("circle").getLength());
        assertTrue(texts(svg).containsAll(List.of("p50", "p85")), "a legend names each line");
    }

    @Test
    void aStackedAreaStacksTheLayersInOrder() throws Exception {
        Document svg = parse(SvgCharts.stackedArea(spec("cfd"), List.of(
                new Series("Done", List.of(1.0, 2.0, 3.0, 4.0)), new Series("Ready", List.of(4.0, 3.0, 2.0, 1.0)))));
        assertEquals(2, svg.getElementsByTagName("polygon").getLength());
        assertTrue(texts(svg).contains("6"), "the y axis reaches past the stack's total of 5");
    }

    @Test
    void anEmptyChartStillDrawsItsAxes() throws Exception {
        Document svg = parse(SvgCharts.bars(spec("empty"), new Series("done", Arrays.asList(null, null, null, null))));
        assertEquals(0, svg.getElementsByTagName("rect").getLength());
        assertTrue(texts(svg).contains("1"));
    }

    @Test
    void wrongShapesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> SvgCharts.bars(spec("x"), new Series("done", List.of(1.0))));
        assertThrows(IllegalArgumentException.class, () -> new Series("bad", List.of(-1.0)));
        assertThrows(IllegalArgumentException.class, () -> new ChartSpec("a b", "t", "d", DAYS, "x", "y"));
        assertThrows(IllegalArgumentException.class, () -> new ChartSpec("a", "t", "d", List.of(), "x", "y"));
        assertFalse(SvgCharts.escape("a\u0001<b>").contains("\u0001"), "control characters are dropped");
    }

    @Test
    void ticksAreRoundNumbers() {
        assertEquals(1, SvgCharts.niceStep(3));
        assertEquals(2, SvgCharts.niceStep(7));
        assertEquals(50, SvgCharts.niceStep(180));
        assertEquals("2.5", SvgCharts.number(2.5));
        assertEquals("3", SvgCharts.number(3.0));
        assertEquals(List.of("0", "0.005", "0.01", "0.015"), List.of(SvgCharts.tickLabel(0, 0.005),
                SvgCharts.tickLabel(0.005, 0.005), SvgCharts.tickLabel(0.01, 0.005), SvgCharts.tickLabel(0.015, 0.005)));
    }

    /** For maxima from a printed seed, from a thousandth to a million: the y axis never shows one label twice. */
    @Test
    void theYAxisLabelsAreDistinctWhateverTheRange() throws Exception {
        long seed = 20261202L;
        java.util.Random random = new java.util.Random(seed);
        for (int run = 0; run < 300; run++) {
            double max = Math.pow(10, random.nextDouble() * 9 - 3) * (0.5 + random.nextDouble());
            String svg = SvgCharts.lines(spec("ticks"), List.of(new Series("p50", List.of(max / 3, max, 0.0, max / 5)),
                    new Series("p85", List.of(max, max / 2, max / 4, max / 6))));
            NodeList texts = parse(svg).getElementsByTagName("text");
            List<String> ticks = new java.util.ArrayList<>();
            for (int i = 0; i < texts.getLength(); i++) {
                Element text = (Element) texts.item(i);
                if ("end".equals(text.getAttribute("text-anchor"))) {
                    ticks.add(text.getTextContent());
                }
            }
            assertTrue(ticks.size() >= 2, "seed " + seed + ", max " + max + ": " + ticks);
            assertEquals(ticks.size(), new java.util.HashSet<>(ticks).size(), "seed " + seed + ", max " + max + ": " + ticks);
        }
    }

    @Test
    void theFirstLineIsDrawnOverTheOthers() {
        String svg = SvgCharts.lines(spec("order"), List.of(new Series("p50", List.of(1.0, 2.0, 3.0, 4.0)),
                new Series("p85", List.of(1.0, 2.0, 3.0, 4.0))));
        assertTrue(svg.lastIndexOf("<title>p85") < svg.indexOf("<title>p50"), "p85 first, p50 over it");
    }

    private static Document parse(String svg) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    private static Element byId(Document svg, String tag, String id) {
        NodeList nodes = svg.getElementsByTagName(tag);
        for (int i = 0; i < nodes.getLength(); i++) {
            Element element = (Element) nodes.item(i);
            if (id.equals(element.getAttribute("id"))) {
                return element;
            }
        }
        throw new AssertionError("no " + tag + " with id " + id);
    }

    private static List<String> texts(Document svg) {
        NodeList nodes = svg.getElementsByTagName("text");
        String[] texts = new String[nodes.getLength()];
        for (int i = 0; i < texts.length; i++) {
            texts[i] = nodes.item(i).getTextContent();
        }
        return List.of(texts);
    }

    private static long count(String text, char c) {
        return text.chars().filter(ch -> ch == c).count();
    }
}
