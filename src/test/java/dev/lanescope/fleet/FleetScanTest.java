package dev.lanescope.fleet;

import dev.lanescope.cli.CliRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lanescope.cli.Main;
import dev.lanescope.parse.Samples;

/** scan over a folder built from real captures. */
class FleetScanTest {

    static final String ACER = "acer-alderlake-hx-rtx4070-vmd-domain10000/vv.txt";

    @TempDir
    Path tmp;

    /** The real Acer capture with its GPU link (both ends) trained x4 instead of x8. */
    static String lostLanes() {
        String vv = String.join("\n", Samples.lines(ACER)) + "\n";
        String port = vv.substring(vv.indexOf("0000:00:01.0 "));
        String gpu = vv.substring(vv.indexOf("0000:01:00.0 "));
        int p = vv.indexOf("Speed 16GT/s, Width x8", vv.indexOf("LnkSta:", vv.indexOf("0000:00:01.0 ")));
        int g = vv.indexOf("Speed 16GT/s, Width x8", vv.indexOf("LnkSta:", vv.indexOf("0000:01:00.0 ")));
        assertThat(port).isNotEmpty();
        assertThat(gpu).isNotEmpty();
        StringBuilder b = new StringBuilder(vv);
        String to = "Speed 16GT/s, Width x4 (downgraded)";
        b.replace(g, g + 22, to);
        b.replace(p, p + 22, to);
        return b.toString();
    }

    private Path fleet() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("fleet"));
        String good = String.join("\n", Samples.lines(ACER)) + "\n";
        Bundles.collectLike(dir.resolve("node1-a.tar.gz"), "node1", "aaaa-1", "2026-10-18T06:00:00Z", good);
        Bundles.collectLike(dir.resolve("node1-b.tar.gz"), "node1", "bbbb-2", "2026-10-19T06:10:57Z", lostLanes());
        Files.createDirectories(dir.resolve("rack2"));
        Bundles.collectLike(dir.resolve("rack2/node2.tgz"), "node2", "cccc-3", "2026-10-19T07:00:00Z", good);
        // a capture folder, not a bundle
        Path folder = Files.createDirectories(dir.resolve("rack2/node3"));
        Files.copy(Samples.path("hp-laptop-coffeelake-gtx1650-titanridge/vv.txt"), folder.resolve("vv.txt"));
        Files.writeString(folder.resolve("hostname"), "node3\n");
        // a bundle cut short in transfer
        Path whole = tmp.resolve("whole.tar.gz");
        Bundles.collectLike(whole, "node4", "dddd-4", "2026-10-19T08:00:00Z", good);
        byte[] bytes = Files.readAllBytes(whole);
        Files.write(dir.resolve("node4.tar.gz"), Arrays.copyOf(bytes, bytes.length / 3));
        Files.writeString(dir.resolve("notes.txt"), "inventory notes\n");
        return dir;
    }

    @Test
    void oneRowPerHostWorstFirstWithBootAndTime() throws IOException {
        FleetScan.Result r = FleetScan.scan(fleet(), 2);
        assertThat(r.capturesRead()).isEqualTo(5);
        assertThat(r.rows()).extracting(FleetScan.HostRow::host).containsExactlyInAnyOrder("node1", "node2", "node3",
                "node4");
        FleetScan.HostRow node1 = r.rows().stream().filter(h -> h.host().equals("node1")).findFirst().orElseThrow();
        assertThat(node1.captures()).isEqualTo(2);
        assertThat(node1.bootId()).isEqualTo("bbbb-2"); // the latest boot
        assertThat(node1.capturedAt()).isEqualTo("2026-10-19T06:10:57Z");
        assertThat(node1.worst().key()).isEqualTo("WIDTH_DEGRADED");
        assertThat(node1.where()).isEqualTo("0000:00:01.0 -> 0000:01:00.0");
        assertThat(node1.faults()).isEqualTo(1);
        assertThat(node1.bootsSeen()).as("two boots, aaaa-1 and bbbb-2").isEqualTo(2);
        assertThat(node1.bootsLow()).as("lanes lost on bbbb-2 only").isEqualTo(1);
        FleetScan.HostRow node3 = r.rows().stream().filter(h -> h.host().equals("node3")).findFirst().orElseThrow();
        assertThat(node3.worst().key()).isEqualTo("WIDTH_DEGRADED");
        assertThat(node3.where()).isEqualTo("0000:00:1d.2 -> 0000:6e:00.0");
        assertThat(node3.source()).isEqualTo("rack2/node3");
        // unusable first, then the faults; the healthy host last
        assertThat(r.rows().get(0).worst().key()).isEqualTo("UNUSABLE");
        assertThat(r.rows().get(0).reason()).contains("truncated or corrupt");
        assertThat(r.rows().get(r.rows().size() - 1).host()).isEqualTo("node2");
        assertThat(r.unusable()).isEqualTo(1);
    }

    @Test
    void csvAndJsonFromTheCommandLine() throws Exception {
        Path dir = fleet();
        Path csv = tmp.resolve("fleet.csv");
        CliRun run = CliRun.of("scan", dir.toString(), "--csv", csv.toString(), "--json");
        assertThat(run.exit()).isZero();
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.get(0)).isEqualTo("host,worst_verdict,where,reason,boot_id,captured_at,kernel,faults,captures,"
                + "source,p2p_lowest_failed_rung,p2p,boots_seen,boots_low");
        assertThat(lines).hasSize(5);
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("node1,WIDTH_DEGRADED,0000:00:01.0 -> 0000:01:00.0,\"")
                .endsWith(",bbbb-2,2026-10-19T06:10:57Z,,1,2,node1-b.tar.gz,,,2,1"));
        JsonNode j = new ObjectMapper().readTree(run.out());
        assertThat(j.get("captures").asInt()).isEqualTo(5);
        assertThat(j.get("hosts")).hasSize(4);
        JsonNode first = j.get("hosts").get(0);
        assertThat(first.get("worst").asText()).isEqualTo("UNUSABLE");
        assertThat(first.get("source").asText()).isEqualTo("node4.tar.gz");
    }

    @Test
    void anEmptyOrMissingFolderExitsTwo() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        CliRun r = CliRun.of("scan", empty.toString());
        assertThat(r.exit()).isEqualTo(Main.EXIT_UNUSABLE);
        assertThat(r.err()).contains("no captures");
        assertThat(CliRun.of("scan", tmp.resolve("nope").toString()).exit()).isEqualTo(Main.EXIT_UNUSABLE);
    }

    /**
     * A fleet folder holding the KVM guest bundle and a real workstation: the table's columns start at the same place
     * on every row, the VM's row says its card's own link, and no CSV cell names our documents ("seed", "§").
     */
    @Test
    void tableAlignedAndCsvSpeaksPlainWords() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("mixed"));
        for (String name : List.of("cloud-vm-h200-passthrough-virtio", "puget-wrx90-threadripper-pro-rtx6000ada-cx7")) {
            Path to = Files.createDirectories(dir.resolve(name));
            try (var files = Files.list(dev.lanescope.parse.Samples.path(name))) {
                for (Path f : files.toList()) Files.copy(f, to.resolve(f.getFileName()));
            }
        }
        CliRun table = CliRun.of("scan", dir.toString());
        List<String> rows = table.out().lines().skip(1).toList();
        int worst = rows.get(0).indexOf("worst");
        int where = rows.get(0).indexOf("where");
        for (String r : rows.subList(1, rows.size())) {
            assertThat(r.charAt(worst - 1)).as(r).isEqualTo(' ');
            assertThat(r.charAt(worst)).as(r).isNotEqualTo(' ');
            assertThat(r.charAt(where)).as(r).isNotEqualTo(' ');
        }
        assertThat(table.out()).contains("no links").doesNotContain("NO_LINKS");
        String csv = FleetScan.csv(FleetScan.scan(dir, 1).rows());
        assertThat(csv).doesNotContain("seed ").doesNotContain("§").doesNotContain("null");
        assertThat(csv).contains("GPU 0000:00:06.0 sits directly on a root bus");
    }
}
