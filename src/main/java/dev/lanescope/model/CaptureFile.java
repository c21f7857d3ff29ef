package dev.lanescope.model;

/** One file of a capture and the role its content showed. */
public record CaptureFile(String name, Role role, String detail) {

    /** What a file holds, recognised from content. */
    public enum Role {
        LSPCI_VERBOSE("lspci -v/-vv/-vvv"),
        LSPCI_TREE("lspci -t/-tv"),
        LSPCI_PLAIN("lspci/-nn (names) or lspci -x (hex)"),
        KERNEL_LOG("kernel log"),
        SYSFS_LINKS("sysfs link files"),
        NVIDIA_SMI_CSV("nvidia-smi PCIe query"),
        NVIDIA_SMI_TOPO("nvidia-smi topo -m"),
        METADATA("capture metadata"),
        PEER_EVIDENCE("peer-to-peer evidence"),
        HEALTH_EVIDENCE("link health evidence (error counters, a watch)"),
        UNRECOGNISED("not recognised");

        private final String label;

        Role(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }
}
