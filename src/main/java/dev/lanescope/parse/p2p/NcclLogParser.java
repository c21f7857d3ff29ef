package dev.lanescope.parse.p2p;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;
import dev.lanescope.model.p2p.ChannelTransport;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.model.p2p.NcclLog;
import dev.lanescope.model.p2p.Transport;
import dev.lanescope.parse.LinearMatch;
import dev.lanescope.parse.Numbers;
import dev.lanescope.parse.ParseResult;

/**
 * Reads an {@code NCCL_DEBUG=INFO} log of NCCL or RCCL (any program: nccl-tests, PyTorch, vLLM, SGLang): the
 * transport each channel used ({@code Channel 02/0 : 0[3e000] -> 1[1b000] via P2P/IPC}, the older
 * {@code Ring 00 : 3[3] -> 2[2] via P2P/IPC}, network lines with {@code [send]}/{@code [receive]}), the rank of each
 * GPU ({@code comm 0x.. rank 1 nranks 2 cudaDev 1 busId 38000}), the version and {@code isAllDirectP2p}.
 *
 * <p>The bracket after a rank is a PCI bus id in older NCCL and in RCCL ({@code 3e000}: NCCL's bus id with the
 * punctuation removed, {@code DDDDBBDDF} in hex) and a CUDA device index in newer NCCL ({@code [1]}); a bracket of
 * three or more hex digits, or one with a letter, is read as a bus id.
 */
public final class NcclLogParser {

    /** The program's prefix of an NCCL line, {@code host:pid:tid [dev] }; its host is kept. */
    private static final Pattern HOST = Pattern.compile("([^\\s:]++):\\d++:\\d++\\s++\\[\\d++]\\s");
    /** From {@code NCCL INFO} to {@code via }: possessive, so one attempt reads each character once. */
    private static final Pattern CHANNEL = Pattern.compile(
            "NCCL INFO\\s++(?:Channel|Ring)\\s++(\\d++)(?:/\\d++)?+\\s*+:\\s*+"
                    + "(\\d++)(?:\\[([0-9a-fA-F]++)])?+\\s*+->\\s*+(\\d++)(?:\\[([0-9a-fA-F]++)])?+\\s*+"
                    + "(?:\\[(send|receive)]\\s*+)?+via\\s++");
    private static final Pattern COMM = Pattern.compile(
            "comm\\s++0x[0-9a-fA-F]++\\s++rank\\s++(\\d++)\\s++nranks\\s++\\d++\\s++cudaDev\\s++\\d++");
    private static final Pattern BUS_ID = Pattern.compile("busId\\s++([0-9a-fA-F]++)");
    private static final Pattern COMM_TAIL = Pattern.compile("comm\\s++0x[0-9a-fA-F]");
    private static final Pattern VERSION = Pattern.compile("\\b(?:NCCL|RCCL) version\\s+(\\S+)");
    private static final Pattern ALL_DIRECT = Pattern.compile("\\bisAllDirectP2p\\s+(\\d)");

    private NcclLogParser() {
    }

    public static ParseResult<NcclLog> parse(String fileName, List<String> lines) {
        List<Problem> problems = new ProblemList();
        List<ChannelTransport> channels = new ArrayList<>();
        Map<Integer, String> rankBus = new LinkedHashMap<>();
        String version = null;
        Boolean allDirect = null;
        Evidence allDirectAt = null;
        int ncclLines = 0;
        for (int i = 0; lines != null && i < lines.size(); i++) {
            String line = lines.get(i);
            if (line == null || !line.contains("CCL")) continue;
            if (line.contains("NCCL INFO") || line.contains("NCCL WARN")) ncclLines++;
            Matcher m = LinearMatch.at(CHANNEL, line, "NCCL INFO");
            String via = m == null ? "" : via(line.substring(m.end()));
            if (!via.isEmpty()) {
                ChannelTransport c = channel(fileName, i + 1, line, m, via, problems);
                if (c != null) channels.add(c);
                continue;
            }
            commBus(fileName, i + 1, line, rankBus, problems);
            m = VERSION.matcher(line);
            if (version == null && m.find()) version = m.group(1);
            m = ALL_DIRECT.matcher(line);
            if (m.find()) {
                boolean v = !"0".equals(m.group(1));
                if (allDirect == null || !v) {
                    allDirect = v;
                    allDirectAt = new Evidence(fileName, i + 1, line);
                }
            }
        }
        if (channels.isEmpty()) {
            problems.add(Problem.error(fileName, 0, ncclLines == 0
                    ? "no NCCL or RCCL INFO lines found: run the program with NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,P2P,SHM,NET"
                    + " and keep its whole output (2>&1 | tee nccl.log)"
                    : "the log has NCCL lines but no 'Channel .. via ..' lines: set NCCL_DEBUG=INFO (not WARN) and keep"
                    + " the output from the start of the program"));
        }
        return new ParseResult<>(new NcclLog(fileName, version, channels, rankBus, allDirect, allDirectAt), problems);
    }

    /** A "Channel NN/R : FROM[BUS] -> TO[BUS] via ..." line at line {@code no}, or null when a number is unreadable. */
    private static ChannelTransport channel(String fileName, int no, String line, Matcher m, String via,
                                            List<Problem> problems) {
        String fromBr = m.group(3);
        String toBr = m.group(5);
        Numbers.At at = new Numbers.At(fileName, no, problems);
        Integer channel = at.integer("channel", m.group(1), 0, Integer.MAX_VALUE);
        Integer from = at.integer("rank", m.group(2), 0, Integer.MAX_VALUE);
        Integer to = at.integer("rank", m.group(4), 0, Integer.MAX_VALUE);
        if (channel == null || from == null || to == null) return null;
        Matcher host = HOST.matcher(line);
        return new ChannelTransport(channel, from, to, busOf(fromBr), busOf(toBr), fromBr, toBr,
                Transport.of(via), via, m.group(6) == null ? null : m.group(6).toLowerCase(Locale.ROOT),
                host.lookingAt() && host.end() <= m.start() ? host.group(1) : null,
                new Evidence(fileName, no, line));
    }

    /** A "comm 0x.. rank R ... busId B" line: the rank's bus id, the first one seen kept. */
    private static void commBus(String fileName, int no, String line, Map<Integer, String> rankBus,
                                List<Problem> problems) {
        Matcher m = LinearMatch.at(COMM, line, "comm");
        while (m != null && m.start() > 0 && LinearMatch.isWordChar(line.charAt(m.start() - 1))) {
            m = LinearMatch.at(COMM, line, "comm", m.start() + 1);
        }
        Matcher bus = m == null ? null : LinearMatch.at(BUS_ID, line, "busId", m.end());
        while (bus != null && LinearMatch.isWordChar(line.charAt(bus.start() - 1))) {
            bus = LinearMatch.at(BUS_ID, line, "busId", bus.start() + 1);
        }
        if (bus != null) {
            String b = busIdOf(bus.group(1)); // always a bus id here: NCCL 2.28 prints 00:06.0 as "busId 60"
            Integer rank = new Numbers.At(fileName, no, problems).integer("rank", m.group(1), 0, Integer.MAX_VALUE);
            if (b != null && rank != null) rankBus.putIfAbsent(rank, b);
        }
    }

    /** What a channel line says after {@code via}, without a trailing {@code comm 0x..} part and blanks. */
    private static String via(String rest) {
        Matcher tail = LinearMatch.at(COMM_TAIL, rest, "comm");
        while (tail != null && (tail.start() == 0 || !Character.isWhitespace(rest.charAt(tail.start() - 1)))) {
            tail = LinearMatch.at(COMM_TAIL, rest, "comm", tail.start() + 1);
        }
        return (tail == null ? rest : rest.substring(0, tail.start())).strip();
    }

    /**
     * The PCI address of NCCL's printed bus id ({@code 3e000}, {@code 101c0}: {@code DDDDBBDDF} in hex without
     * punctuation), or null when the text is a device index ({@code 1}) or absent.
     */
    static String busOf(String bracket) {
        if (bracket == null) return null;
        boolean hexLetter = bracket.chars().anyMatch(c -> (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'));
        if (bracket.length() < 3 && !hexLetter) return null;
        return busIdOf(bracket);
    }

    /**
     * A {@code busId} field (hex of domain, bus, device and function packed as NCCL packs them) as a PCI address;
     * null when it is no address. Unlike a channel line's bracket, the field is never a device index, however short:
     * a GPU at 0000:00:06.0, common on cloud VMs, is {@code busId 60}.
     */
    static String busIdOf(String bracket) {
        if (bracket == null || bracket.isEmpty()) return null;
        if (bracket.length() > 12) return null;
        long v = Long.parseLong(bracket, 16);
        long function = v & 0xf;
        long device = (v >> 4) & 0xff;
        long bus = (v >> 12) & 0xff;
        long domain = v >> 20;
        if (function > 7 || device > 0x1f) return null;
        return String.format(Locale.ROOT, "%04x:%02x:%02x.%d", domain, bus, device, function);
    }
}
