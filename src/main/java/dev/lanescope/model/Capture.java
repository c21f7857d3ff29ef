package dev.lanescope.model;

import java.util.List;
import java.util.Map;

/**
 * Everything read from one capture (a folder, an archive or a list of files), before the graph is built.
 * {@code functions} are merged per address and sorted; {@code tree} is the {@code lspci -t} view when one was given.
 *
 * @param label     how to name the capture to the user (folder or first file name)
 * @param metadata  host, boot id, kernel, capture time, lspci version... when the capture records them
 */
public record Capture(String label, List<CaptureFile> files, List<PciFunction> functions, List<TreeEntry> tree,
                      List<KernelBandwidthLine> kernelLines, List<NvidiaSmiLink> nvidiaSmi, TopoMatrix topo,
                      Map<String, String> metadata, List<Problem> problems) {

    public Capture {
        files = List.copyOf(files);
        functions = List.copyOf(functions);
        tree = List.copyOf(tree);
        kernelLines = List.copyOf(kernelLines);
        nvidiaSmi = List.copyOf(nvidiaSmi);
        metadata = Map.copyOf(metadata);
        problems = List.copyOf(problems);
    }

    public boolean hasVerbose() {
        return files.stream().anyMatch(f -> f.role() == CaptureFile.Role.LSPCI_VERBOSE);
    }

    public boolean hasTree() {
        return !tree.isEmpty();
    }

    /** True when some function's capabilities were hidden from a non-root lspci. */
    public boolean isNonRoot() {
        return functions.stream().anyMatch(PciFunction::capabilitiesHidden);
    }
}
