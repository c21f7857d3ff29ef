package dev.lanescope.ui.probe;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import dev.lanescope.model.Bdf;
import dev.lanescope.probe.GpuUsers;
import dev.lanescope.probe.ProbeRunner;
import dev.lanescope.probe.ProbeSession;

/**
 * What the probe panel needs from the machine, JavaFX-free and called off the FX thread: build the probe and name
 * the GPU's index, list the processes using the GPU, start a recorded run, and say where receipts go. Tests replace
 * it with the fake probe.
 */
public interface ProbeBackend {

    /** The probe to run: its argument list, the GPU index it gets, and the GPU's bus id (null when unknown). */
    record Plan(List<String> command, int gpuIndex, Bdf busId, String description) {
        public Plan {
            command = List.copyOf(command);
        }
    }

    /** The probe cannot be built or pointed at a GPU here; the message is for the user, as is. */
    final class Unavailable extends Exception {
        public Unavailable(String message) {
            super(message);
        }
    }

    /** Finds a compiler, builds (or reuses) the probe and maps the GPU to its index; reports steps as it goes. */
    Plan prepare(GpuChoice gpu, boolean quick, Consumer<String> step) throws Unavailable;

    /** The processes using that GPU now (docs/RULES.md §7: never probe beside a serving process). */
    GpuUsers.Listing users(Bdf busId);

    /** Starts the run; events arrive on the probe's reader thread. */
    ProbeSession.Recording start(Plan plan, Duration timeout, ProbeRunner.Listener listener);

    /** The folder a finished run's receipt is written to. */
    Path receiptFolder();
}
