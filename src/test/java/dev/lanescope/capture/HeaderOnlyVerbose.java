package dev.lanescope.capture;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.SourceRef;
import dev.lanescope.parse.ParseResult;

/**
 * Test stand-in for the real -vv parser (merged separately): reads only the record header lines
 * ({@code BB:DD.F class: name [vvvv:dddd]}) into bare functions, so loader tests do not depend on it.
 */
final class HeaderOnlyVerbose {

    private static final Pattern HEADER = Pattern.compile(
            "^(?:([0-9a-fA-F]{4,8}):)?([0-9a-fA-F]{2}):([0-9a-fA-F]{2})\\.([0-7]) ([^:]+): (.*)$");
    private static final Pattern IDS = Pattern.compile("\\[([0-9a-f]{4}):([0-9a-f]{4})\\]");

    private HeaderOnlyVerbose() {
    }

    static ParseResult<List<PciFunction>> parse(String file, List<String> lines) {
        List<PciFunction> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = HEADER.matcher(lines.get(i));
            if (!m.matches()) continue;
            int domain = m.group(1) == null ? 0 : Integer.parseInt(m.group(1), 16);
            PciFunction.Builder b = PciFunction.builder(new Bdf(domain, Integer.parseInt(m.group(2), 16),
                    Integer.parseInt(m.group(3), 16), Integer.parseInt(m.group(4))));
            b.className = m.group(5);
            b.vendorDeviceName = m.group(6);
            Matcher ids = IDS.matcher(m.group(6));
            while (ids.find()) {
                b.vendorId = Integer.parseInt(ids.group(1), 16);
                b.deviceId = Integer.parseInt(ids.group(2), 16);
            }
            b.source = new SourceRef(file, i + 1);
            out.add(b.build());
        }
        return new ParseResult<>(out, List.of());
    }
}
