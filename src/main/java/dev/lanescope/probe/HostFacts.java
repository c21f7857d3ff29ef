package dev.lanescope.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lanescope.model.Bdf;
import dev.lanescope.parse.Csv;

/**
 * Facts about this machine that a receipt records, read under {@code root} ("/" normally; tests pass a fake tree):
 * the GPU's PCI path in sysfs and each hop's current/max link, boot id, hostname, kernel, CPU model, and nvidia-smi's
 * driver version and link query.
 */
public final class HostFacts {

    private static final System.Logger LOG = System.getLogger(HostFacts.class.getName());

    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private final Path root;
    private final Commands.Runner runner;

    public HostFacts(Path root, Commands.Runner runner) {
        this.root = root;
        this.runner = runner;
    }

    public static HostFacts system() {
        return new HostFacts(Path.of("/"), Commands.SYSTEM);
    }

    String read(String rel) {
        try {
            String s = Files.readString(root.resolve(rel)).strip();
            int i = s.indexOf('\n');
            return s.isEmpty() ? null : i < 0 ? s : s.substring(0, i);
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * This machine's name as {@code hostname} prints it: the kernel's own name first (no name service involved, so a
     * host whose name does not resolve still has one), then the JDK's lookup, then "unknown-host"; never null.
     */
    public String hostName() {
        String kernel = read("proc/sys/kernel/hostname");
        if (kernel != null) return kernel;
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "this host's name does not resolve", e);
            String env = System.getenv("HOSTNAME");
            return env == null || env.isBlank() ? "unknown-host" : env.strip();
        }
    }

    public String bootId() {
        return read("proc/sys/kernel/random/boot_id");
    }

    public String cpuModel() {
        try {
            for (String l : Files.readAllLines(root.resolve("proc/cpuinfo"))) {
                if (l.startsWith("model name")) return l.substring(l.indexOf(':') + 1).strip();
            }
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "cannot read the boot id (not Linux?)", e);
        }
        return null;
    }

    /** Every BDF from the root bus down to the GPU (sysfs device path), or just the GPU when sysfs lacks it. */
    public List<Bdf> pciPath(Bdf gpu) {
        List<Bdf> out = new ArrayList<>();
        Path dev = root.resolve("sys/bus/pci/devices").resolve(gpu.toString());
        try {
            Path real = dev.toRealPath();
            for (Path part : real) {
                Bdf b = Bdf.tryParse(part.toString());
                if (b != null && part.toString().length() >= 12) out.add(b);
            }
        } catch (IOException e) {
            return out;
        }
        return out;
    }

    public String sysfsPath(Bdf gpu) {
        try {
            return root.resolve("sys/bus/pci/devices").resolve(gpu.toString()).toRealPath().toString();
        } catch (IOException e) {
            return null;
        }
    }

    /** One hop as the receipt writes it: current/max speed and width, class, NUMA node. */
    public ObjectNode hop(Bdf b) {
        String d = "sys/bus/pci/devices/" + b + "/";
        ObjectNode o = F.objectNode();
        o.put("pciBusId", b.toString());
        o.put("currentLinkSpeed", read(d + "current_link_speed"));
        putInt(o, "currentLinkWidth", read(d + "current_link_width"));
        o.put("maxLinkSpeed", read(d + "max_link_speed"));
        putInt(o, "maxLinkWidth", read(d + "max_link_width"));
        o.put("class", read(d + "class"));
        putInt(o, "numaNode", read(d + "numa_node"));
        return o;
    }

    /** {@code link.<phase>}: gpu, rootPort (top of the path when the path has more than one hop), path. */
    public ObjectNode linkSnapshot(List<Bdf> path) {
        ObjectNode o = F.objectNode();
        ArrayNode hops = F.arrayNode();
        for (Bdf b : path) hops.add(hop(b));
        o.set("gpu", hops.isEmpty() ? F.nullNode() : hops.get(hops.size() - 1));
        o.set("rootPort", hops.size() > 1 ? hops.get(0) : F.nullNode());
        o.set("path", hops);
        return o;
    }

    /** The root port's current generation and width right now (sysfs), or null. */
    public int[] currentLink(Bdf b) {
        String d = "sys/bus/pci/devices/" + b + "/";
        var speed = dev.lanescope.model.LinkSpeed.parse(read(d + "current_link_speed"));
        String w = read(d + "current_link_width");
        if (speed == null || !speed.isKnown()) return null;
        try {
            return new int[] {speed.generation(), w == null ? -1 : Integer.parseInt(w.strip())};
        } catch (NumberFormatException e) {
            return new int[] {speed.generation(), -1};
        }
    }

    /** nvidia-smi's link query for this GPU (key -> number or text), or null without nvidia-smi. */
    public ObjectNode nvidiaSmiLink(Bdf gpu) {
        String q = "pcie.link.gen.current,pcie.link.gen.max,pcie.link.gen.gpumax,pcie.link.gen.hostmax,"
                + "pcie.link.width.current,pcie.link.width.max";
        Commands.Outcome o = runner.run(List.of("nvidia-smi", "-i", smiId(gpu), "--query-gpu=" + q,
                "--format=csv,noheader,nounits"), Duration.ofSeconds(20));
        if (!o.ok() || o.stdout().isBlank()) return null;
        String[] keys = q.split(",");
        String[] vals = Csv.smiCells(o.stdout().strip().lines().findFirst().orElse(""));
        ObjectNode m = F.objectNode();
        for (int i = 0; i < Math.min(keys.length, vals.length); i++) {
            String v = vals[i].strip();
            try {
                m.put(keys[i], Integer.parseInt(v));
            } catch (NumberFormatException e) {
                m.put(keys[i], v);
            }
        }
        return m;
    }

    /** nvidia-smi {@code --query-gpu=<field>} for this GPU, or null. */
    public String nvidiaSmiField(Bdf gpu, String field) {
        Commands.Outcome o = runner.run(List.of("nvidia-smi", "-i", smiId(gpu), "--query-gpu=" + field,
                "--format=csv,noheader"), Duration.ofSeconds(20));
        return o.ok() && !o.stdout().isBlank() ? o.stdout().strip().lines().findFirst().orElse(null) : null;
    }

    /** nvidia-smi's bus id of GPU index N (CUDA_DEVICE_ORDER=PCI_BUS_ID makes the indices agree), or null. */
    public Bdf nvidiaSmiBusId(int index) {
        Commands.Outcome o = runner.run(List.of("nvidia-smi", "-i", Integer.toString(index),
                "--query-gpu=pci.bus_id", "--format=csv,noheader"), Duration.ofSeconds(20));
        if (!o.ok()) return null;
        Bdf b = Bdf.tryParse(o.stdout().strip().lines().findFirst().orElse(""));
        return b == null ? null : b;
    }

    static String smiId(Bdf gpu) {
        return String.format("%08x:%02x:%02x.%d", gpu.domain(), gpu.bus(), gpu.device(), gpu.function());
    }

    private static void putInt(ObjectNode o, String k, String v) {
        if (v == null) {
            o.putNull(k);
            return;
        }
        try {
            o.put(k, Integer.parseInt(v.strip()));
        } catch (NumberFormatException e) {
            o.putNull(k);
        }
    }
}
