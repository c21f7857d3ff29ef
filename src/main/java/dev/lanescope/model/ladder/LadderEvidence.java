package dev.lanescope.model.ladder;

import java.util.List;
import java.util.Map;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.Problem;
import dev.lanescope.model.p2p.CollectiveTable;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.model.p2p.NcclLog;
import dev.lanescope.model.p2p.PeerCopyRun;

/**
 * What the capture's files and the user's evidence files say about peer-to-peer, beyond the topology: the lines the
 * ladder's rungs cite.
 *
 * @param files        every file read, as the user named it
 * @param barLines     per function, its {@code Region N:} and Resizable BAR lines from the lspci -vv text
 * @param vram         amdgpu's VRAM/BAR lines
 * @param refusals     amdgpu's "not supported by the chipset" lines
 * @param dmaMasks     sysfs dma_mask_bits per function
 * @param matrices     driver peer-access matrices
 * @param copyRuns     p2p_bw and TransferBench runs (rungs 5 and 6)
 * @param tables       nccl-tests / rccl-tests tables (rung 7)
 * @param ncclLogs     NCCL_DEBUG=INFO logs: of nccl-tests runs (rung 7) and of frameworks (rung 9)
 * @param probeRuns    two-process collective probe runs, native-probes/collective_probe.py (rung 8)
 * @param frameworkFiles the files among them that a serving or training framework wrote (it names itself)
 * @param cpuVendor    lscpu's {@code Vendor ID} ({@code AuthenticAMD}, {@code GenuineIntel}) when captured, else null
 * @param cpuFamily    lscpu's {@code CPU family}, -1 when not captured
 * @param cpuLine      where the CPU family was read, null when not
 * @param problems     located problems met while reading them
 */
public record LadderEvidence(List<String> files, Map<Bdf, List<Evidence>> barLines, List<VramBarLine> vram,
                             List<ChipsetRefusal> refusals, List<DmaMaskBits> dmaMasks,
                             List<PeerAccessMatrix> matrices, List<PeerCopyRun> copyRuns,
                             List<CollectiveTable> tables, List<NcclLog> ncclLogs,
                             List<dev.lanescope.model.p2p.CollectiveProbeRun> probeRuns,
                             java.util.Set<String> frameworkFiles, String cpuVendor,
                             int cpuFamily, Evidence cpuLine, List<Problem> problems) {
    public LadderEvidence {
        files = List.copyOf(files);
        barLines = Map.copyOf(barLines);
        vram = List.copyOf(vram);
        refusals = List.copyOf(refusals);
        dmaMasks = List.copyOf(dmaMasks);
        matrices = List.copyOf(matrices);
        copyRuns = List.copyOf(copyRuns);
        tables = List.copyOf(tables);
        ncclLogs = List.copyOf(ncclLogs);
        probeRuns = List.copyOf(probeRuns);
        frameworkFiles = java.util.Set.copyOf(frameworkFiles);
        problems = List.copyOf(problems);
    }

    /** Nothing beyond the topology. */
    public static LadderEvidence none() {
        return new LadderEvidence(List.of(), Map.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of(), List.of(), java.util.Set.of(), null, -1, null, List.of());
    }
}
