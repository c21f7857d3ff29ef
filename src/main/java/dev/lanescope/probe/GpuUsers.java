package dev.lanescope.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.lanescope.model.Bdf;
import dev.lanescope.parse.Csv;

/**
 * Who uses a GPU right now (the safety rule of docs/RULES.md §7: never probe beside a serving process; show what uses the GPU and
 * ask first). nvidia-smi's compute apps for the GPU's bus id; when nvidia-smi is missing or fails, {@code fuser} on
 * the GPU's device files ({@code /dev/nvidiaN} for its minor, {@code /dev/kfd} and {@code /dev/dri/renderD*} for AMD).
 */
public final class GpuUsers {

    private static final System.Logger LOG = System.getLogger(GpuUsers.class.getName());

    /** One process: pid, name, memory as reported ("1234 MiB"), or null. */
    public record User(long pid, String name, String usedMemory) {
        @Override
        public String toString() {
            return "pid " + pid + " " + name + (usedMemory == null ? "" : " (" + usedMemory + ")");
        }
    }

    /** The processes found, how they were found, and what could not be checked (null when all was checked). */
    public record Listing(List<User> users, String method, String problem) {
        public Listing {
            users = List.copyOf(users);
        }

        public boolean busy() {
            return !users.isEmpty();
        }

        /** "GPU 0000:19:00.0 is in use by: pid 42 python3 (1234 MiB)" or "no processes use ...". */
        public String describe(String gpu) {
            StringBuilder sb = new StringBuilder();
            if (users.isEmpty()) {
                sb.append("no processes use ").append(gpu).append(" (").append(method).append(')');
            } else {
                sb.append(gpu).append(" is in use by ").append(users.size()).append(" process")
                        .append(users.size() == 1 ? "" : "es").append(" (").append(method).append("):");
                for (User u : users) sb.append("\n    ").append(u);
            }
            if (problem != null) sb.append("\n    note: ").append(problem);
            return sb.toString();
        }
    }

    private final Commands.Runner runner;
    private final Path root;

    /** {@code root} is "/" normally; tests pass a fake tree holding proc/ and dev/. */
    public GpuUsers(Commands.Runner runner, Path root) {
        this.runner = runner;
        this.root = root;
    }

    public static GpuUsers system() {
        return new GpuUsers(Commands.SYSTEM, Path.of("/"));
    }

    /** Lists the users of the GPU at this bus id (null: unknown, then every GPU device file counts). */
    public Listing list(Bdf busId) {
        Commands.Outcome o = runner.run(List.of("nvidia-smi", "--query-compute-apps=pid,process_name,used_memory,gpu_bus_id",
                "--format=csv,noheader"), Duration.ofSeconds(20));
        String smiProblem;
        if (o.ok()) {
            return new Listing(parseNvidiaSmi(o.stdout(), busId), "nvidia-smi --query-compute-apps", null);
        }
        smiProblem = o.startError() != null ? "nvidia-smi not available" : o.why() + ": " + firstLine(o.stderr() + o.stdout());
        List<String> files = deviceFiles(busId);
        if (files.isEmpty()) {
            return new Listing(List.of(), "no check possible", smiProblem + "; no GPU device files under /dev either");
        }
        List<String> cmd = new ArrayList<>();
        cmd.add("fuser");
        cmd.addAll(files);
        Commands.Outcome f = runner.run(cmd, Duration.ofSeconds(20));
        if (f.startError() != null) {
            return new Listing(List.of(), "no check possible", smiProblem + "; fuser not available either: cannot"
                    + " tell whether " + files + " are in use");
        }
        // fuser: pids on stdout, file names on stderr; exit 1 when nobody uses them
        Map<Long, User> users = new LinkedHashMap<>();
        long self = ProcessHandle.current().pid();
        for (String tok : f.stdout().trim().split("\\s+")) {
            String digits = tok.replaceAll("[^0-9]", "");
            if (digits.isEmpty()) continue;
            long pid = Long.parseLong(digits);
            if (pid == self) continue;
            users.putIfAbsent(pid, new User(pid, processName(pid), null));
        }
        return new Listing(new ArrayList<>(users.values()), "fuser " + String.join(" ", files),
                smiProblem + "; fuser sees only processes this user may inspect");
    }

    /** nvidia-smi rows {@code pid, name, used_memory, gpu_bus_id}; only this GPU's when a bus id is given. */
    static List<User> parseNvidiaSmi(String csv, Bdf busId) {
        List<User> out = new ArrayList<>();
        for (String line : csv.split("\\R")) {
            String l = line.strip();
            if (l.isEmpty() || l.toLowerCase(Locale.ROOT).contains("no running")) continue;
            String[] f = Csv.smiCells(l);
            if (f.length < 2) continue;
            long pid;
            try {
                pid = Long.parseLong(f[0].strip());
            } catch (NumberFormatException e) {
                continue;
            }
            if (busId != null && f.length >= 4) {
                Bdf b = Bdf.tryParse(f[3].strip());
                if (b != null && !b.equals(busId)) continue;
            }
            out.add(new User(pid, f[1].strip(), f.length >= 3 ? f[2].strip() : null));
        }
        return out;
    }

    /** The device files that belong to this GPU: /dev/nvidiaN by its minor, or every GPU node when unknown. */
    List<String> deviceFiles(Bdf busId) {
        List<String> out = new ArrayList<>();
        Path dev = root.resolve("dev");
        if (busId != null) {
            Path info = root.resolve("proc/driver/nvidia/gpus").resolve(busId.toString()).resolve("information");
            try {
                for (String l : Files.readAllLines(info)) {
                    if (l.startsWith("Device Minor:")) {
                        Path f = dev.resolve("nvidia" + l.substring(13).strip());
                        if (Files.exists(f)) out.add(f.toString());
                    }
                }
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG,
                        "not an NVIDIA GPU, or no driver: fall through to every GPU device file", e);
            }
        }
        if (out.isEmpty()) {
            try (var s = Files.list(dev)) {
                s.map(p -> p.getFileName().toString()).filter(n -> n.matches("nvidia\\d+") || n.equals("kfd"))
                        .sorted().forEach(n -> out.add(dev.resolve(n).toString()));
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, "cannot list /dev for GPU device files", e);
            }
            try (var s = Files.list(dev.resolve("dri"))) {
                s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("renderD")).sorted()
                        .forEach(n -> out.add(dev.resolve("dri").resolve(n).toString()));
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, "cannot list /dev/dri for GPU device files", e);
            }
        }
        return out;
    }

    private String processName(long pid) {
        try {
            return Files.readString(root.resolve("proc").resolve(Long.toString(pid)).resolve("comm")).strip();
        } catch (IOException e) {
            return "(name unknown)";
        }
    }

    private static String firstLine(String s) {
        String t = s.strip();
        int i = t.indexOf('\n');
        return i < 0 ? t : t.substring(0, i);
    }
}
