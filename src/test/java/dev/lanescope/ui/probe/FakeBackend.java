package dev.lanescope.ui.probe;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import dev.lanescope.model.Bdf;
import dev.lanescope.probe.Commands;
import dev.lanescope.probe.GpuUsers;
import dev.lanescope.probe.HostFacts;
import dev.lanescope.probe.ProbeRunner;
import dev.lanescope.probe.ProbeSession;

/** The panel's backend with the recorded fake probe ({@code src/test/resources/probe/fake_probe.sh}), no GPU needed. */
final class FakeBackend implements ProbeBackend {

    /** A machine without nvidia-smi: every command fails to start. */
    static final Commands.Runner NOTHING = (cmd, env, dir, timeout) ->
            new Commands.Outcome(List.copyOf(cmd), -1, "", "", false, "not on this test machine");

    private final String mode;
    private final GpuUsers.Listing users;
    private final Path folder;
    final List<String> prepared = new ArrayList<>();

    FakeBackend(String mode, GpuUsers.Listing users, Path folder) {
        this.mode = mode;
        this.users = users;
        this.folder = folder;
    }

    static Path resource(String name) {
        try {
            return Path.of(FakeBackend.class.getResource("/probe/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public Plan prepare(GpuChoice gpu, boolean quick, Consumer<String> step) {
        step.accept("Using the recorded fake probe …");
        prepared.add(gpu.label());
        List<String> cmd = new ArrayList<>(List.of("sh", resource("fake_probe.sh").toString(),
                resource("h200-lines.jsonl").toString(), mode, "--gpu", "0"));
        if (quick) cmd.add("--quick");
        return new Plan(cmd, 0, null, "fake probe (" + mode + ")");
    }

    @Override
    public GpuUsers.Listing users(Bdf busId) {
        return users;
    }

    @Override
    public ProbeSession.Recording start(Plan plan, Duration timeout, ProbeRunner.Listener listener) {
        return new ProbeSession(new HostFacts(folder, NOTHING)).start(plan.command(), plan.gpuIndex(), plan.busId(),
                timeout, listener);
    }

    @Override
    public Path receiptFolder() {
        return folder.resolve("receipts");
    }
}
