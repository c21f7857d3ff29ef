package dev.lanescope.probe;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The fake probe in test resources: a shell script that prints real recorded H200 lines. */
final class FakeProbe {

    private FakeProbe() {
    }

    static Path resource(String name) {
        try {
            return Path.of(FakeProbe.class.getResource("/probe/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code sh fake_probe.sh h200-lines.jsonl MODE --gpu 0 --quick}. */
    static List<String> command(String mode) {
        List<String> c = new ArrayList<>(List.of("sh", resource("fake_probe.sh").toString(),
                resource("h200-lines.jsonl").toString(), mode));
        c.addAll(List.of("--gpu", "0", "--quick"));
        return c;
    }

    static Path h200Receipt() {
        return Path.of("docs/bench/receipt-h200.json");
    }
}
