package dev.lanescope.model;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a function is, in the words users read: the one device-kind vocabulary of lanescope. The status bar, the
 * peer list, the summary, "next GPU", the box badges and the JSON all ask here, so a BMC's display or a CPU's iGPU is
 * never a GPU in one view and not in another.
 *
 * <p>A GPU is a card that computes: a display or 3D controller that is not built into the CPU or the platform (an
 * iGPU, an Arm SoC's display engine) and not a management or virtual display (a BMC's ASPEED or Matrox G200, the
 * emulated VGA of a virtual machine). A peer (what NCCL and GPUDirect pair) is a GPU, an accelerator, or a
 * data-centre NIC: InfiniBand, RoCE, 25 GbE and up; a 1 or 10 GbE management NIC is not.
 */
public enum DeviceKind {
    GPU("GPU", "GPU", true),
    ACCELERATOR("accelerator", "GPU", true),
    INTEGRATED_GPU("integrated GPU", "iGPU", false),
    INTEGRATED_ACCELERATOR("integrated accelerator", "device", false),
    MANAGEMENT_DISPLAY("management or virtual display", "display", false),
    DATACENTRE_NIC("data-centre NIC", "NIC", true),
    NIC("NIC", "NIC", false),
    WIRELESS("wireless adapter", "Wi-Fi", false),
    NVME("NVMe drive", "NVMe", false),
    STORAGE("storage controller", "storage", false),
    USB("USB controller", "USB", false),
    HOST_BRIDGE("host bridge", "chipset", false),
    BRIDGE("bridge", "bridge", false),
    CHIPSET("chipset function", "chipset", false),
    OTHER("device", "device", false);

    private final String noun;
    private final String badge;
    private final boolean peer;

    DeviceKind(String noun, String badge, boolean peer) {
        this.noun = noun;
        this.badge = badge;
        this.peer = peer;
    }

    /** The word for sentences: "GPU", "data-centre NIC", "management or virtual display". */
    public String noun() {
        return noun;
    }

    /** The short badge drawn on a box. */
    public String badge() {
        return badge;
    }

    /** GPUs, accelerators and data-centre NICs: what peer paths are computed for. */
    public boolean isPeer() {
        return peer;
    }

    /**
     * A display or accelerator function of any kind (a card, an iGPU, a BMC's or VM's display): PCI class 03 or 12.
     * For what to draw and label, never for what computes: that is {@link #isGpu()}.
     */
    public boolean isDisplayOrAccelerator() {
        return this == GPU || this == ACCELERATOR || this == INTEGRATED_GPU || this == INTEGRATED_ACCELERATOR
                || this == MANAGEMENT_DISPLAY;
    }

    /** A GPU or accelerator card (not an iGPU, not a BMC's or VM's display). */
    public boolean isGpu() {
        return this == GPU || this == ACCELERATOR;
    }

    /** A network function: a NIC of any speed or a wireless adapter. */
    public boolean isNetwork() {
        return this == NIC || this == DATACENTRE_NIC || this == WIRELESS;
    }

    /**
     * A host bridge by its class, or a function whose class the capture does not give (a tree names it only): the
     * device the kernel's peer-to-peer host-bridge test is made on is one of these.
     */
    public static boolean mayBeHostBridge(PciFunction f) {
        return f.classCode() < 0 || of(f) == HOST_BRIDGE;
    }

    /** BMC and virtual-machine displays: ASPEED, Matrox, Cirrus (emulated), QEMU/bochs, QXL, virtio-gpu, VMware, Hyper-V, HiSilicon BMC. */
    private static final int[] MANAGEMENT_VENDORS = {0x1a03, 0x102b, 0x1013, 0x1234, 0x1b36, 0x15ad, 0x1414};

    private static final Pattern MANAGEMENT_NAME = Pattern.compile(
            "(?i)\\b(aspeed|matrox|g200\\w*|cirrus|gd 5446|bochs|qxl|virtio gpu|virtio 1\\.0 gpu|vmware svga|"
                    + "hyper-v video|pilot\\d? |hi171\\d|xgi|server engines|nuvoton)");

    /** AMD APU graphics (the GPU inside the CPU package), by their code names in pci.ids. */
    private static final Pattern AMD_APU_GRAPHICS = Pattern.compile(
            "(?i)\\b(picasso|raven2?|renoir|cezanne|lucienne|barcelo|rembrandt|phoenix\\d?|hawk point|raphael|"
                    + "granite ridge|mendocino|van gogh|strix( halo| point)?|krackan|wrestler|kabini|mullins|kaveri|"
                    + "carrizo|stoney|trinity|richland|sumo|beavercreek|kalindi|dragon range|radeon 680m|radeon 780m|"
                    + "radeon vega (series|mobile)|radeon graphics)\\b");

    private static final Pattern DATACENTRE_NIC_NAME = Pattern.compile(
            "(?i)(connectx|bluefield|infiniband|omni-path|\\brdma\\b|\\broce\\b|elastic fabric|\\be8[12]0\\b|e810|"
                    + "\\bnetxtreme-e\\b|\\bbcm575\\d\\d|\\bbcm574[01]\\d|\\bthor\\b|chelsio|\\bt6\\d{2}\\b|"
                    + "solarflare|\\bx2522\\b|mt27[0-9]{3}|mt28[0-9]{3}|mt29[0-9]{2}|qlogic fastlinq|\\bql45|"
                    + "cornelis|\\bgaudi)");

    /** Laptop parts soldered to the board, by the names pci.ids gives them ("Mobile", "Max-Q", "Laptop GPU"). */
    private static final Pattern MOBILE_NAME = Pattern.compile("(?i)(\\bmobile\\b|max-q|laptop gpu|\\bmxm\\b)");

    /** Thunderbolt/USB4 routers and host controllers, by name: Intel DSL/JHL parts and their ridge code names. */
    private static final Pattern THUNDERBOLT_NAME = Pattern.compile(
            "(?i)\\b(thunderbolt|usb4|(jhl|dsl)\\d*|(alpine|titan|maple|barlow|goshen) ridge)\\b");

    /**
     * A mobile part: a laptop GPU (or other function) soldered to the board, which no slot change can move. The name
     * decides ("GeForce GTX 1650 Mobile / Max-Q", "RTX 4070 Laptop GPU"); a name listing desktop and mobile parts
     * together ("Radeon RX 5500/5500M") is not one.
     */
    public static boolean isMobile(PciFunction f) {
        return f != null && f.vendorDeviceName() != null && MOBILE_NAME.matcher(f.vendorDeviceName()).find();
    }

    /** A function of a Thunderbolt/USB4 router or host controller (its bridges, NHI, USB controller), by name. */
    public static boolean isThunderbolt(PciFunction f) {
        return f != null && f.vendorDeviceName() != null && THUNDERBOLT_NAME.matcher(f.vendorDeviceName()).find();
    }

    private static final Pattern CHIPSET_NAME = Pattern.compile(
            "(?i)\\b(pch|chipset|promontory|sunrise point|union point|cannon point|lewisburg|wellsburg)\\b");

    /**
     * A function of the chipset (an Intel PCH, an AMD chipset), wherever it sits: by name, or AMD's 1022:43xx
     * chipset ports. A card behind such a port shares the chipset's uplink.
     */
    public static boolean isChipset(PciFunction f) {
        if (f == null) return false;
        if (Vendor.of(f) == Vendor.AMD && (f.deviceId() & 0xff00) == 0x4300) return true;
        return f.vendorDeviceName() != null && CHIPSET_NAME.matcher(f.vendorDeviceName()).find();
    }

    /** The highest "NN GbE / Gb / Gigabit" in a NIC's name ("10Gb/25Gb" is 25), 1 for "Gigabit", -1 when none. */
    private static final Pattern NIC_SPEED = Pattern.compile("(?i)\\b(\\d+(?:\\.\\d+)?)\\s*-?\\s*(?:gbe|gb/s|gbps|gb\\b|g\\b|gigabit)");

    /** What a name says plainly of a card's class, for a function only an `lspci -tv` line names (no class there). */
    private static final Pattern NOT_A_CARD = Pattern.compile("(?i)(audio|hdmi|\\busb\\b|serial|ucsi|nvswitch|bridge|switch)");
    private static final Pattern GPU_NAME = Pattern.compile("(?i)(\\[(geforce|quadro|tesla|titan|rtx|radeon|instinct|firepro|"
            + "arc)\\b|\\[(a|h|l|b|gh|gb)\\d{1,3}[a-z]?\\b|\\bgraphics family\\b)");
    private static final Pattern NIC_NAME = Pattern.compile("(?i)(ethernet|connectx|network connection|infiniband|"
            + "bluefield)");
    private static final Pattern RAID_NAME = Pattern.compile("(?i)\\braid\\b");
    private static final Pattern NVME_NAME = Pattern.compile("(?i)\\bnvme\\b");

    /**
     * The PCI class a device name states plainly (display 0x0300, Ethernet 0x0200, RAID 0x0104, NVMe 0x0108), or
     * -1: for the functions of a tree-only capture, whose lines carry a name but no class, so a GPU server read from
     * `lspci -tv` still shows its GPUs as GPUs. Audio, USB and serial functions of a card, switches and bridges
     * are never guessed.
     */
    public static int classFromName(String name) {
        if (name == null || name.isBlank() || NOT_A_CARD.matcher(name).find()) return -1;
        if (GPU_NAME.matcher(name).find()) return 0x0300;
        if (NIC_NAME.matcher(name).find()) return 0x0200;
        if (RAID_NAME.matcher(name).find()) return 0x0104;
        if (NVME_NAME.matcher(name).find()) return 0x0108;
        return -1;
    }

    /** The kind of a function from its own facts (class, vendor, port type, name), without its place in a tree. */
    public static DeviceKind of(PciFunction f) {
        return of(f, false, null);
    }

    /**
     * The kind of a function node: as {@link #of(PciFunction)}, and a display or accelerator sitting directly on a
     * root bus from the host bridge's own vendor, with no Express capability that says "Endpoint", is built into the
     * platform (an iGPU or an SoC's display engine), not a card. A card passed through to a virtual machine's root
     * bus prints an Express Endpoint and stays a GPU.
     */
    public static DeviceKind of(Topology t, TopoNode.FunctionNode n) {
        boolean onRootBus = t.parent(n).map(p -> p instanceof TopoNode.RootComplex).orElse(false);
        return of(n.function(), onRootBus, onRootBus ? t.rootOf(n).hostBridge() : null);
    }

    private static DeviceKind of(PciFunction f, boolean onRootBus, PciFunction host) {
        int cls = f.classCode();
        int base = cls < 0 ? -1 : cls >> 8;
        String name = f.vendorDeviceName() == null ? "" : f.vendorDeviceName();
        PortType pt = f.portType();
        boolean rcIntegrated = pt == PortType.RC_INTEGRATED_ENDPOINT;
        boolean platformBuilt = rcIntegrated || onRootBus && sameVendor(f, host)
                && (pt == null || pt == PortType.UNKNOWN);
        if (base == 0x03) {
            if (isManagementDisplay(f, name)) return MANAGEMENT_DISPLAY;
            if (platformBuilt || isIntelIgpuAddress(f) || AMD_APU_GRAPHICS.matcher(name).find() && isAmdGraphics(f, name)) {
                return INTEGRATED_GPU;
            }
            return GPU;
        }
        if (base == 0x12) return platformBuilt ? INTEGRATED_ACCELERATOR : ACCELERATOR;
        if (base == 0x02) {
            if (cls == 0x0280) return WIRELESS;
            return isDataCentreNic(cls, name) ? DATACENTRE_NIC : NIC;
        }
        if (base == 0x0d) return WIRELESS;
        if (cls == 0x0108) return NVME;
        if (base == 0x01) return STORAGE;
        if (cls == 0x0c03) return USB;
        if (cls == 0x0600) return HOST_BRIDGE;
        if (base == 0x06) return f.isBridge() ? BRIDGE : CHIPSET;
        if (cls == 0x0c05) return CHIPSET;
        return OTHER;
    }

    private static boolean isManagementDisplay(PciFunction f, String name) {
        for (int v : MANAGEMENT_VENDORS) {
            if (f.vendorId() == v) return true;
        }
        return MANAGEMENT_NAME.matcher(name).find()
                || f.vendorId() == 0x1af4 && name.toLowerCase(Locale.ROOT).contains("gpu") // virtio-gpu
                || f.vendorId() == 0x19e5 && name.toLowerCase(Locale.ROOT).contains("hi171"); // HiSilicon BMC
    }

    /** Intel's integrated graphics always sits at 00:02.0 of the CPU's root bus. */
    private static boolean isIntelIgpuAddress(PciFunction f) {
        boolean intel = Vendor.of(f) == Vendor.INTEL;
        Bdf b = f.bdf();
        return intel && b.bus() == 0 && b.device() == 2 && (f.portType() == null || f.portType() == PortType.UNKNOWN
                || f.portType() == PortType.RC_INTEGRATED_ENDPOINT);
    }

    /**
     * Two functions of one vendor: by id, else by the first word of the names (a tree prints no ids). Used for "is
     * this display the host bridge's own" and for "are these two GPUs under one vendor's driver stack".
     */
    public static boolean sameVendor(PciFunction f, PciFunction host) {
        if (f == null || host == null) return false;
        if (f.vendorId() >= 0 && host.vendorId() >= 0) return f.vendorId() == host.vendorId();
        String a = name(f);
        String b = name(host);
        int sp = a.indexOf(' ');
        return sp > 0 && b.startsWith(a.substring(0, sp + 1));
    }

    private static boolean isAmdGraphics(PciFunction f, String name) {
        return Vendor.of(f) == Vendor.AMD_GPU || f.vendorId() < 0 && name.toLowerCase(Locale.ROOT).contains("amd");
    }

    private static String name(PciFunction f) {
        return f.vendorDeviceName() == null ? "" : f.vendorDeviceName().toLowerCase(Locale.ROOT);
    }

    private static boolean isDataCentreNic(int cls, String name) {
        if (cls == 0x0207) return true; // InfiniBand
        if (DATACENTRE_NIC_NAME.matcher(name).find()) return true;
        double best = -1;
        Matcher m = NIC_SPEED.matcher(name);
        while (m.find()) {
            try {
                best = Math.max(best, Double.parseDouble(m.group(1)));
            } catch (NumberFormatException e) {
                // not a number after all
            }
        }
        return best >= 25;
    }
}
