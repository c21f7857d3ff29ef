package dev.lanescope.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.junit.jupiter.api.Test;

/**
 * The README's "JSON keys scripts may rely on" lists, read from the README itself, equal the records the
 * documents are written from: every key, in the order written. A key added to a record and not to the README (or
 * the other way round) fails here.
 */
class JsonKeysDocumentedTest {

    /** Each documented list, by document and the label its README line starts with. */
    private static final Map<String, Class<?>> LISTS = new LinkedHashMap<>();

    static {
        LISTS.put("analyze --json / the document", ReportJson.class);
        LISTS.put("analyze --json / `files[]`", ReportJson.FileEntry.class);
        LISTS.put("analyze --json / `functions[]`", ReportJson.Function.class);
        LISTS.put("analyze --json / `hops[]`", ReportJson.Hop.class);
        LISTS.put("analyze --json / `capable`, `trained`", ReportJson.State.class);
        LISTS.put("analyze --json / `endpoints[]`", ReportJson.Ceiling.class);
        LISTS.put("analyze --json / `atomics`", ReportJson.Atomics.class);
        LISTS.put("analyze --json / `peers[]`", ReportJson.Peer.class);
        LISTS.put("analyze --json / `problems[]`", ReportJson.ProblemEntry.class);
        LISTS.put("advise --json / the document", AdviceJson.class);
        LISTS.put("advise --json / `candidates[]`", AdviceJson.Candidate.class);
        LISTS.put("advise --json / `swapWith`", AdviceJson.Swap.class);
    }

    @Test
    void theReadmeListsEveryKeyOfEveryDocumentInOrder() throws IOException {
        Map<String, List<String>> documented = readmeLists();
        assertThat(documented.keySet()).as("the README's lists").containsExactlyElementsOf(LISTS.keySet());
        LISTS.forEach((label, type) -> assertThat(documented.get(label)).as(label).containsExactlyElementsOf(keys(type)));
    }

    @Test
    void anEndpointWithoutACeilingWritesOnlyKeysTheListNames() {
        assertThat(keys(ReportJson.Ceiling.class)).containsSubsequence(keys(ReportJson.AtomicsOnly.class));
    }

    /** The JSON names of a record's components, in order. */
    private static List<String> keys(Class<?> type) {
        return Arrays.stream(type.getRecordComponents()).map(c -> {
            JsonProperty p = c.getAnnotation(JsonProperty.class);
            if (p == null) p = c.getAccessor().getAnnotation(JsonProperty.class);
            if (p == null) {
                try {
                    p = type.getDeclaredField(c.getName()).getAnnotation(JsonProperty.class);
                } catch (NoSuchFieldException e) {
                    throw new AssertionError(e);
                }
            }
            return p != null ? p.value() : c.getName();
        }).toList();
    }

    /** "document / label" to the keys of its bullet, read from the README's section. */
    private static Map<String, List<String>> readmeLists() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("README.md"));
        int start = lines.indexOf("### JSON keys scripts may rely on");
        assertThat(start).as("the README's JSON keys section").isNotNegative();
        List<String> bullets = new ArrayList<>();
        String document = null;
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (int i = start + 1; i < lines.size() && !lines.get(i).startsWith("#"); i++) {
            String line = lines.get(i);
            Matcher doc = Pattern.compile("^`([a-z]+ --json)`").matcher(line);
            if (doc.find()) {
                flush(bullets, document, out);
                document = doc.group(1);
            } else if (line.startsWith("* ")) {
                flush(bullets, document, out);
                bullets.add(line.substring(2));
            } else if (line.startsWith("  ") && !bullets.isEmpty()) {
                bullets.set(0, bullets.get(0) + " " + line.strip());
            } else {
                flush(bullets, document, out);
            }
        }
        flush(bullets, document, out);
        return out;
    }

    private static void flush(List<String> bullets, String document, Map<String, List<String>> out) {
        if (bullets.isEmpty()) return;
        String bullet = withoutParentheses(bullets.remove(0));
        int colon = bullet.indexOf(": ");
        assertThat(colon).as("a README bullet '" + bullet + "' names its object before ': '").isPositive();
        List<String> keys = new ArrayList<>();
        Matcher m = Pattern.compile("`([A-Za-z0-9]+)(\\[])?`").matcher(bullet.substring(colon + 2));
        while (m.find()) keys.add(m.group(1));
        out.put(document + " / " + bullet.substring(0, colon).strip(), keys);
    }

    /** The text outside parentheses: what a key means is said in them, and may quote other words. */
    private static String withoutParentheses(String s) {
        StringBuilder b = new StringBuilder();
        int depth = 0;
        for (char c : s.toCharArray()) {
            if (c == '(') depth++;
            else if (c == ')') depth = Math.max(0, depth - 1);
            else if (depth == 0) b.append(c);
        }
        return b.toString();
    }
}
