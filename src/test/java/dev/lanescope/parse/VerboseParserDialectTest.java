package dev.lanescope.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.Express;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.PortType;
import dev.lanescope.model.Severity;

/** The same hardware printed by nine pciutils versions must give the same facts (samples/pciutils-versions). */
class VerboseParserDialectTest {

    static final Path DIR = Path.of("samples/pciutils-versions");
    static final String[] VERSIONS = {"v3.5.0", "v3.6.2", "v3.7.0", "v3.8.0", "v3.10.0", "v3.11.0", "v3.13.0",
        "v3.14.0", "HEAD"};

    /** v3.5.0 -> 30500; HEAD -> 31500 (after 3.14). */
    static int code(String v) {
        if (v.equals("HEAD")) return 31500;
        String[] p = v.substring(1).split("\\.");
        return Integer.parseInt(p[0]) * 10000 + Integer.parseInt(p[1]) * 100 + Integer.parseInt(p[2]);
    }

    static PciFunction only(Path file) throws IOException {
        ParseResult<List<PciFunction>> r = VerboseParser.parse(file.toString(), Files.readString(file));
        assertThat(r.problems()).noneMatch(p -> p.severity() != Severity.INFO);
        assertThat(r.value()).hasSize(1);
        return r.value().get(0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"v3.5.0", "v3.6.2", "v3.7.0", "v3.8.0", "v3.10.0", "v3.11.0", "v3.13.0", "v3.14.0", "HEAD"})
    void gp108EndpointSameFactsInEveryVersion(String v) throws IOException {
        PciFunction f = only(DIR.resolve("gp108-endpoint-" + v + ".txt"));
        int ver = code(v);
        assertThat(f.bdf()).isEqualTo(new Bdf(0, 2, 0, 0));
        assertThat(f.classCode()).isEqualTo(0x0302);
        assertThat(f.revision()).isEqualTo(0xa1);
        Express e = f.express();
        assertThat(e.portType()).isEqualTo(PortType.ENDPOINT);
        assertThat(e.slotImplemented()).isFalse();
        assertThat(e.lnkCap()).isEqualTo(LinkState.of(LinkSpeed.GEN3, 4));
        assertThat(e.lnkSta()).isEqualTo(LinkState.of(LinkSpeed.GEN3, 4));
        assertThat(e.targetSpeed()).isEqualTo(LinkSpeed.GEN3);
        assertThat(e.dlActive()).isFalse();
        assertThat(e.slotNumber()).isNull();
        // exception: LnkCap2 is printed only from 3.7.0 on
        assertThat(e.lnkCap2Max()).isEqualTo(ver >= 30700 ? LinkSpeed.GEN3 : null);
        // exception: AtomicOpsCap for endpoints with a memory BAR is printed from 3.8.0 (bug fixed in dcd6913),
        // AtomicOpsCtl from 3.5.3
        assertThat(e.atomics().completer32()).isEqualTo(ver >= 30800 ? Boolean.FALSE : null);
        assertThat(e.atomics().completer128()).isEqualTo(ver >= 30800 ? Boolean.FALSE : null);
        assertThat(e.atomics().routing()).isNull();
        assertThat(e.atomics().requesterEnabled()).isEqualTo(ver >= 30503 ? Boolean.FALSE : null);
        assertThat(f.bars()).extracting(b -> b.index()).containsExactly(0, 1, 3, 5);
        assertThat(f.bars().get(1).address()).isEqualTo(0x70000000L);
        assertThat(f.bars().get(3).io()).isTrue();
        assertThat(f.bars().get(3).disabled()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"v3.5.0", "v3.6.2", "v3.7.0", "v3.8.0", "v3.10.0", "v3.11.0", "v3.13.0", "v3.14.0", "HEAD"})
    void rootPortSameFactsInEveryVersion(String v) throws IOException {
        PciFunction f = only(DIR.resolve("rootport-" + v + ".txt"));
        int ver = code(v);
        assertThat(f.bdf()).isEqualTo(new Bdf(0, 0, 0x1c, 0));
        assertThat(f.busRange().secondary()).isEqualTo(2);
        assertThat(f.busRange().subordinate()).isEqualTo(2);
        Express e = f.express();
        assertThat(e.portType()).isEqualTo(PortType.ROOT_PORT);
        assertThat(e.slotImplemented()).isTrue();
        assertThat(e.lnkCap()).isEqualTo(LinkState.of(LinkSpeed.GEN3, 4));
        assertThat(e.lnkSta()).isEqualTo(LinkState.of(LinkSpeed.GEN3, 4));
        assertThat(e.targetSpeed()).isEqualTo(LinkSpeed.GEN3);
        assertThat(e.dlActive()).isTrue();
        assertThat(e.slotNumber()).isZero();
        assertThat(e.hotPlug()).isFalse();
        assertThat(e.lnkCap2Max()).isEqualTo(ver >= 30700 ? LinkSpeed.GEN3 : null);
        if (ver >= 30503) {
            assertThat(e.atomics().routing()).isFalse();
            assertThat(e.atomics().completer64()).isFalse();
            assertThat(e.atomics().requesterEnabled()).isFalse();
            assertThat(e.atomics().egressBlocked()).isFalse();
        } else {
            assertThat(e.atomics().isEmpty()).isTrue(); // 3.5.0 printed no AtomicOps lines
        }
        assertThat(f.acs().cap().reqRedir()).isTrue();
        assertThat(f.acs().ctl().reqRedir()).isFalse();
    }

    @Test
    void versionHintsFollowTheDialect() throws IOException {
        assertThat(only(DIR.resolve("rootport-v3.5.0.txt")).lspciVersionHint()).isEqualTo("<=3.5");
        assertThat(only(DIR.resolve("rootport-v3.6.2.txt")).lspciVersionHint()).startsWith("3.6.0-");
        assertThat(only(DIR.resolve("rootport-v3.7.0.txt")).lspciVersionHint()).isEqualTo("3.7.0");
        assertThat(only(DIR.resolve("rootport-v3.11.0.txt")).lspciVersionHint()).isEqualTo(">=3.11");
        assertThat(only(DIR.resolve("rootport-v3.14.0.txt")).lspciVersionHint()).isEqualTo(">=3.14");
        assertThat(only(DIR.resolve("rootport-HEAD.txt")).lspciVersionHint()).isEqualTo(">=3.14");
    }

    // ---- link-lines-by-version.txt: synthetic dumps (the synthetic/*.txt files are hex dumps, not -vv text) ----

    /** The true register values of each synthetic dump: generation (7 = beyond the model) and width. */
    record Truth(int capGen, int capWidth, int staGen, int staWidth, int targetGen, int cap2Gen) {
    }

    static Truth truth(String dump) {
        return switch (dump) {
            case "gen5x16" -> new Truth(5, 16, 5, 16, 5, 5);
            case "gen6" -> new Truth(6, 16, 6, 16, 6, 6);
            case "gen7", "gen7b" -> new Truth(7, 16, 7, 16, 7, 7);
            case "gen4down" -> new Truth(4, 16, 3, 8, 4, 4);
            case "linkdown" -> new Truth(5, 16, 0, 0, 5, 5);
            case "rp_down" -> new Truth(3, 4, 1, 1, 3, 3);
            default -> throw new IllegalArgumentException(dump);
        };
    }

    /** Whether a version's LnkCap/LnkSta/LnkCtl2 decoder knows generation {@code gen} (section 0/3 of the doc). */
    static boolean decodes(int ver, int gen) {
        if (gen <= 3) return true;
        if (gen == 4) return ver >= 30503;
        if (gen == 5) return ver >= 30603;
        if (gen == 6) return ver >= 30800;
        return false; // 128 GT/s is not modelled (and code 7 is unknown to every lspci)
    }

    static LinkSpeed speed(int gen) {
        return gen == 0 ? LinkSpeed.UNKNOWN : LinkSpeed.ofGeneration(gen);
    }

    static Stream<Arguments> sections() throws IOException {
        List<Arguments> out = new ArrayList<>();
        List<String> lines = Files.readAllLines(DIR.resolve("link-lines-by-version.txt"));
        String head = null;
        List<String> body = new ArrayList<>();
        for (String l : lines) {
            if (l.startsWith("### ")) {
                if (head != null && !body.isEmpty()) out.add(Arguments.of(head, List.copyOf(body)));
                head = l.substring(4);
                body.clear();
            } else {
                body.add(l);
            }
        }
        if (head != null && !body.isEmpty()) out.add(Arguments.of(head, List.copyOf(body)));
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sections")
    void syntheticLinkLinesGiveTheRegisterFactsOrHonestUnknown(String head, List<String> body) {
        String[] p = head.split(" ");
        int ver = code(p[0]);
        Truth t = truth(p[1]);
        List<String> lines = new ArrayList<>();
        lines.add("e1:00.0 Class 0800: Device aaaa:bbbb");
        lines.addAll(body);
        ParseResult<List<PciFunction>> r = VerboseParser.parse(head, lines);
        assertThat(r.value()).hasSize(1);
        Express e = r.value().get(0).express();
        assertThat(e).isNotNull();
        assertThat(e.portType()).isEqualTo(p[1].startsWith("rp") ? PortType.ROOT_PORT : PortType.ENDPOINT);
        // widths are always decoded
        assertThat(e.lnkCap().width()).isEqualTo(t.capWidth());
        assertThat(e.lnkSta().width()).isEqualTo(t.staWidth());
        // speeds: the true value, or UNKNOWN exactly where this lspci could not decode it
        assertThat(e.lnkCap().speed()).isEqualTo(decodes(ver, t.capGen()) ? speed(t.capGen()) : LinkSpeed.UNKNOWN);
        assertThat(e.lnkSta().speed()).isEqualTo(decodes(ver, t.staGen()) ? speed(t.staGen()) : LinkSpeed.UNKNOWN);
        if (e.targetSpeed() != null) {
            assertThat(e.targetSpeed()).isEqualTo(decodes(ver, t.targetGen()) ? speed(t.targetGen()) : LinkSpeed.UNKNOWN);
        }
        // LnkCap2: absent before 3.7; RsvdP (null) where the vector's top bit is beyond the version's decode
        LinkSpeed cap2;
        if (ver < 30700) cap2 = null;
        else if (t.cap2Gen() <= 5) cap2 = speed(t.cap2Gen());
        else if (t.cap2Gen() == 6) cap2 = ver >= 31100 ? LinkSpeed.GEN6 : null;
        else cap2 = ver >= 31500 ? LinkSpeed.UNKNOWN : null; // HEAD prints 2.5-128GT/s, not modelled
        assertThat(e.lnkCap2Max()).isEqualTo(cap2);
        if (body.stream().anyMatch(l -> l.contains("RsvdP"))) {
            assertThat(r.problems()).filteredOn(x -> x.message().contains("RsvdP")).hasSize(1)
                    .allMatch(x -> x.severity() == Severity.INFO && x.line() > 1);
        }
    }

    @Test
    void rsvdPIsReportedOncePerFile() {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            lines.add("e" + i + ":00.0 Class 0800: Device aaaa:bbbb");
            lines.add("\tCapabilities: [70] Express (v2) Endpoint, MSI 00");
            lines.add("\t\tLnkCap2: Supported Link Speeds: RsvdP, Crosslink- Retimer+ 2Retimers+ DRS-");
        }
        ParseResult<List<PciFunction>> r = VerboseParser.parse("x", lines);
        assertThat(r.value()).hasSize(3).allMatch(f -> f.express().lnkCap2Max() == null);
        assertThat(r.problems()).filteredOn(x -> x.message().contains("RsvdP")).hasSize(1);
    }
}
