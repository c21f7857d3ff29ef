package dev.lanescope.parse.p2p;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lanescope.model.Problem;
import dev.lanescope.model.p2p.ChannelTransport;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.model.p2p.NcclLog;
import dev.lanescope.model.p2p.Transport;
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

    private static final Pattern CHANNEL = Pattern.compile(
            "^(?:(\\S+?):\\d+:\\d+\\s+\\[\\d+]\\s+)?.*?NCCL INFO\\s+(?:Channel|Ring)\\s+(\\d+)(?:/\\d+)?\\s*:\\s*"
                    + "(\\d+)(?:\\[([0-9a-fA-F]+)])?\\s*->\\s*(\\d+)(?:\\[([0-9a-fA-F]+)])?\\s*"
                    + "(?:\\[(send|receive)]\\s*)?via\\s+(.+?)\\s*$");
    private static final Pattern COMM = Pattern.compile(
            "\\bcomm\\s+0x[0-9a-fA-F]+\\s+rank\\s+(\\d+)\\s+nranks\\s+\\d+\\s+cudaDev\\s+\\d+.*?\\bbusId\\s+([0-9a-fA-F]+)");
    private static final Pattern VERSION = Pattern.compile("\\b(?:NCCL|RCCL) version\\s+(\\S+)");
    private static final Pattern ALL_DIRECT = Pattern.compile("\\bisAllDirectP2p\\s+(\\d)");
    private static final Pattern COMM_TAIL = Pattern.compile("\\s+comm\\s+0x[0-9a-fA-F]+.*$");

    private NcclLogParser() {
    }

    public static ParseResult<NcclLog> parse(String fileName, List<String> lines) {
        List<Problem> problems = new ArrayList<>();
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
            Matcher m = CHANNEL.matcher(line);
            if (m.find()) {
                String via = COMM_TAIL.matcher(m.group(8)).replaceFirst("").strip();
                String fromBr = m.group(4);
                String toBr = m.group(6);
                Numbers.At at = new Numbers.At(fileName, i + 1, problems);
                Integer channel = at.integer("channel", m.group(2), 0, Integer.MAX_VALUE);
                Integer from = at.integer("rank", m.group(3), 0, Integer.MAX_VALUE);
                Integer to = at.integer("rank", m.group(5), 0, Integer.MAX_VALUE);
                if (channel == null || from == null || to == null) continue;
                channels.add(new ChannelTransport(channel, from, to, busOf(fromBr), busOf(toBr), fromBr, toBr, Transport.of(via),
                        via, m.group(7) == null ? null : m.group(7).toLowerCase(Locale.ROOT), m.group(1),
                        new Evidence(fileName, i + 1, line)));
                continue;
            }
            m = COMM.matcher(line);
            if (m.find()) {
                String bus = busOf(m.group(2));
                Integer rank = new Numbers.At(fileName, i + 1, problems).integer("rank", m.group(1), 0, Integer.MAX_VALUE);
                if (bus != null && rank != null) rankBus.putIfAbsent(rank, bus);
            }
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

    /**
     * The PCI address of NCCL's printed bus id ({@code 3e000}, {@code 101c0}: {@code DDDDBBDDF} in hex without
     * punctuation), or null when the text is a device index ({@code 1}) or absent.
     */
    static String busOf(String bracket) {
        if (bracket == null) return null;
        boolean hexLetter = bracket.chars().anyMatch(c -> (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'));
        if (bracket.length() < 3 && !hexLetter) return null;
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
