package dev.lanescope.probe;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lanescope.model.Bdf;
import dev.lanescope.parse.Csv;

/**
 * One probe run that ends in a receipt, the Java twin of {@code run_receipt.sh}: reads the GPU's and its root port's
 * sysfs link before, samples nvidia-smi's link generation/width every 0.5 s and polls the root port's sysfs link while
 * the probe works, reads the link after, and assembles the receipt (same keys as the script's python3 assembly, plus
 * {@code rootPortDuringLoad}). Partial results still make a receipt.
 */
public final class ProbeSession {

    private static final System.Logger LOG = System.getLogger(ProbeSession.class.getName());

    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    public static final String VERSION = "lanescope-probe 0.1.0";

    private final HostFacts facts;

    public ProbeSession(HostFacts facts) {
        this.facts = facts;
    }

    /** A run in flight: cancel it, or wait for the run and its receipt. */
    public static final class Recording {
        private final ProbeRunner.Running running;
        private final CompletableFuture<ObjectNode> receipt;

        Recording(ProbeRunner.Running running, CompletableFuture<ObjectNode> receipt) {
            this.running = running;
            this.receipt = receipt;
        }

        public void cancel() {
            running.cancel();
        }

        public ProbeRun awaitRun() {
            return running.await();
        }

        public ObjectNode awaitReceipt() {
            return receipt.join();
        }

        public CompletableFuture<ObjectNode> receiptFuture() {
            return receipt;
        }
    }

    public Recording start(List<String> command, int gpuIndex, Bdf knownBusId, Duration timeout,
                           ProbeRunner.Listener listener) {
        Instant started = Instant.now();
        String bootBefore = facts.bootId();
        Bdf bus = knownBusId != null ? knownBusId : facts.nvidiaSmiBusId(gpuIndex);
        List<Bdf> path = bus == null ? List.of() : facts.pciPath(bus);
        if (bus != null && path.isEmpty()) path = List.of(bus);
        ObjectNode before = facts.linkSnapshot(path);
        ObjectNode smiBefore = bus == null ? null : facts.nvidiaSmiLink(bus);
        Sampler sampler = new Sampler(bus, path.size() > 1 ? path.get(0) : null, facts);
        sampler.start();
        final Bdf busFinal = bus;
        final List<Bdf> pathFinal = path;
        Map<String, String> env = Map.of("CUDA_DEVICE_ORDER", "PCI_BUS_ID");
        ProbeRunner.Running running = ProbeRunner.start(command, env, timeout, listener);
        CompletableFuture<ObjectNode> receipt = running.future().thenApply(run -> {
            sampler.stop();
            Bdf b = busFinal;
            List<Bdf> p = pathFinal;
            ObjectNode beforeSnap = before;
            if (b == null && run.start() != null) { // HIP: the probe's start line names the bus
                b = Bdf.tryParse(run.start().busIdOf(gpuIndex));
                if (b != null) {
                    p = facts.pciPath(b);
                    if (p.isEmpty()) p = List.of(b);
                    beforeSnap = F.objectNode().putNull("gpu").putNull("rootPort");
                }
            }
            ObjectNode after = facts.linkSnapshot(p);
            ObjectNode smiAfter = b == null ? null : facts.nvidiaSmiLink(b);
            return assemble(run, gpuIndex, b, p, started, Instant.now(), bootBefore, facts.bootId(), beforeSnap, after,
                    smiBefore, smiAfter, sampler);
        });
        return new Recording(running, receipt);
    }

    ObjectNode assemble(ProbeRun run, int gpuIndex, Bdf bus, List<Bdf> path, Instant started, Instant finished,
                        String bootBefore, String bootAfter, ObjectNode before, ObjectNode after, ObjectNode smiBefore,
                        ObjectNode smiAfter, Sampler sampler) {
        ObjectNode r = F.objectNode();
        r.put("schema", Receipt.SCHEMA);
        r.put("createdBy", VERSION);
        r.put("assembledWith", "java");
        r.put("startedAt", started.toString());
        r.put("finishedAt", finished.toString());
        ObjectNode host = r.putObject("host");
        host.put("hostname", facts.hostName());
        host.put("bootId", bootBefore);
        host.put("bootIdAfter", bootAfter);
        host.put("kernel", System.getProperty("os.version")); // uname -r on Linux
        host.put("cpuModel", facts.cpuModel());
        ProbeEvent.Start st = run.start();
        putVersions(r, bus, st);
        Integer numa = putGpu(r, run, gpuIndex, bus);
        r.put("rootPort", path.size() > 1 ? path.get(0).toString() : null);
        ArrayNode pp = r.putArray("pciPath");
        path.forEach(b -> pp.add(b.toString()));
        ObjectNode link = r.putObject("link");
        link.set("before", before);
        link.set("after", after);
        ObjectNode smi = r.putObject("nvidiaSmiLink");
        smi.set("before", smiBefore == null ? F.nullNode() : smiBefore);
        smi.set("after", smiAfter == null ? F.nullNode() : smiAfter);
        r.set("linkDuringLoad", sampler.summary(sampler.gpuSamples));
        r.set("rootPortDuringLoad", sampler.summary(sampler.rootSamples));
        ObjectNode nm = r.putObject("numa");
        if (numa == null) nm.putNull("gpuNumaNode");
        else nm.put("gpuNumaNode", numa);
        ArrayNode cpus = nm.putArray("probeCpus");
        run.results().stream().map(ProbeResult::cpu).filter(c -> c >= 0).distinct().sorted().forEach(cpus::add);
        ArrayNode nodes = nm.putArray("hostBufferNumaNodes");
        run.results().stream().map(ProbeResult::hostNumaNode).filter(c -> c >= 0).distinct().sorted().forEach(nodes::add);
        r.putArray("kernelLog");
        r.putArray("gpuProcessesBefore");
        putProbe(r, run, st);
        ArrayNode res = r.putArray("results");
        run.results().forEach(x -> res.add(x.raw()));
        ArrayNode other = r.putArray("otherLines");
        run.otherLines().forEach(o -> other.add(o.raw()));
        r.set("transferCost", BatchReading.of(run.results()).toJson());
        ObjectNode checks = r.putObject("checks");
        checks.put("probeOk", run.ok());
        checks.put("sameBoot", bootBefore != null && bootBefore.equals(bootAfter));
        checks.put("linkReadBeforeAndAfter", before.path("gpu").hasNonNull("currentLinkSpeed")
                && after.path("gpu").hasNonNull("currentLinkSpeed"));
        checks.put("underLoadSamples", sampler.gpuSamples.size() + sampler.rootSamples.size());
        checks.put("claimable", new Receipt(r, null).claimable());
        return r;
    }


    /** The driver and runtime versions the probe ran with. */
    private void putVersions(ObjectNode r, Bdf bus, ProbeEvent.Start st) {
        ObjectNode v = r.putObject("versions");
        v.put("nvidiaDriver", bus == null ? null : facts.nvidiaSmiField(bus, "driver_version"));
        v.put("cudaRuntime", st == null || !"cuda".equals(st.api()) ? null : st.runtimeVersion());
        v.put("cudaDriverApi", st == null || !"cuda".equals(st.api()) ? null : st.driverVersion());
        if (st != null && "hip".equals(st.api())) {
            v.put("hipRuntime", st.runtimeVersion());
            v.put("hipDriver", st.driverVersion());
        }
        v.put("probe", st == null ? null : st.probeVersion());
    }

    /** The GPU measured: index, bus id, name, NUMA node (returned, null when not known) and sysfs path. */
    private Integer putGpu(ObjectNode r, ProbeRun run, int gpuIndex, Bdf bus) {
        ObjectNode gpu = r.putObject("gpu");
        gpu.put("index", gpuIndex);
        gpu.put("pciBusId", bus == null ? null : bus.toString());
        String name = run.results().isEmpty() ? null : run.results().get(0).name();
        gpu.put("name", name);
        Integer numa = null;
        if (bus != null) {
            String n = facts.read("sys/bus/pci/devices/" + bus + "/numa_node");
            try {
                numa = n == null ? null : Integer.parseInt(n.strip());
            } catch (NumberFormatException ignored) {
                // leave null
            }
        }
        if (numa == null) gpu.putNull("numaNode");
        else gpu.put("numaNode", numa);
        gpu.put("sysfsPath", bus == null ? null : facts.sysfsPath(bus));
        return numa;
    }

    /** The probe's own record: its command, exit, start and end events, stderr tail and unparsed lines. */
    private static void putProbe(ObjectNode r, ProbeRun run, ProbeEvent.Start st) {
        ObjectNode probe = r.putObject("probe");
        probe.put("path", run.command().isEmpty() ? null : run.command().get(0));
        ArrayNode args = probe.putArray("args");
        run.command().stream().skip(1).forEach(args::add);
        probe.put("exitCode", run.exitCode());
        probe.put("status", run.status().name());
        probe.set("start", st == null ? F.nullNode() : st.raw());
        probe.set("end", run.end() == null ? F.nullNode() : run.end().raw());
        String err = run.stderr();
        probe.put("stderr", err == null || err.isEmpty() ? null : err.length() > 4000 ? err.substring(err.length() - 4000) : err);
        ArrayNode un = probe.putArray("unparsedLines");
        run.unparsedLines().forEach(un::add);
        ArrayNode notes = probe.putArray("notes");
        run.notes().forEach(notes::add);
    }

    /** nvidia-smi -lms 500 for the GPU and a 0.5 s sysfs poll of the root port, while the probe runs. */
    static final class Sampler {
        private final Bdf gpu;
        private final Bdf rootPort;
        private final HostFacts facts;
        final List<int[]> gpuSamples = new ArrayList<>();
        final List<int[]> rootSamples = new ArrayList<>();
        final List<String> gpuTimes = new ArrayList<>();
        private volatile boolean stop;
        private Process smi;
        private Thread poll;
        private Thread reader;

        Sampler(Bdf gpu, Bdf rootPort, HostFacts facts) {
            this.gpu = gpu;
            this.rootPort = rootPort;
            this.facts = facts;
        }

        void start() {
            if (gpu != null) {
                try {
                    smi = new ProcessBuilder(List.of("nvidia-smi", "-i", HostFacts.smiId(gpu),
                            "--query-gpu=timestamp,pcie.link.gen.current,pcie.link.width.current",
                            "--format=csv,noheader,nounits", "-lms", "500")).redirectErrorStream(false).start();
                    reader = new Thread(this::readSmi, "nvidia-smi-sampler");
                    reader.setDaemon(true);
                    reader.start();
                } catch (IOException e) {
                    smi = null; // no nvidia-smi: no GPU samples
                }
            }
            if (rootPort != null) {
                poll = new Thread(() -> {
                    while (!stop) {
                        int[] l = facts.currentLink(rootPort);
                        if (l != null) synchronized (rootSamples) {
                            rootSamples.add(l);
                        }
                        try {
                            Thread.sleep(500);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                }, "root-port-sampler");
                poll.setDaemon(true);
                poll.start();
            }
        }

        private void readSmi() {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(smi.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    String[] f = Csv.smiCells(line);
                    if (f.length < 3) continue;
                    try {
                        int g = Integer.parseInt(f[1].strip());
                        int w = Integer.parseInt(f[2].strip());
                        synchronized (gpuSamples) {
                            gpuSamples.add(new int[] {g, w});
                            gpuTimes.add(f[0].strip());
                        }
                    } catch (NumberFormatException ignored) {
                        // [N/A]
                    }
                }
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, "nvidia-smi link sampling stopped", e);
            }
        }

        void stop() {
            stop = true;
            if (poll != null) poll.interrupt();
            if (smi != null) {
                Commands.kill(smi);
                try {
                    reader.join(2000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        ObjectNode summary(List<int[]> samples) {
            ObjectNode o = F.objectNode();
            o.put("intervalMs", 500);
            List<int[]> copy;
            synchronized (samples) {
                copy = new ArrayList<>(samples);
            }
            o.put("count", copy.size());
            if (copy.isEmpty()) {
                o.putNull("genMin").putNull("genMax").putNull("widthMin").putNull("widthMax");
            } else {
                o.put("genMin", copy.stream().mapToInt(a -> a[0]).min().getAsInt());
                o.put("genMax", copy.stream().mapToInt(a -> a[0]).max().getAsInt());
                o.put("widthMin", copy.stream().mapToInt(a -> a[1]).min().getAsInt());
                o.put("widthMax", copy.stream().mapToInt(a -> a[1]).max().getAsInt());
            }
            ArrayNode arr = o.putArray("samples");
            for (int i = 0; i < copy.size(); i++) {
                ObjectNode s = arr.addObject();
                if (samples == gpuSamples && i < gpuTimes.size()) s.put("t", gpuTimes.get(i));
                s.put("gen", copy.get(i)[0]);
                s.put("width", copy.get(i)[1]);
            }
            return o;
        }
    }

}
