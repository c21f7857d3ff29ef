package dev.lanescope.ui.ceiling;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.analysis.ceiling.TransferSample;

/**
 * Where the per-transfer overhead comes from, without a toolkit: a typed value wins over an open receipt's, through
 * slab changes and a newly opened receipt, until the receipt's value is asked for again.
 */
class CeilingOverheadTest {

    /** The host-to-device sweep of src/test/resources/ceiling/receipt-gen4x4.json (pinned, async). */
    private static final CeilingViewModel.Receipt GEN4X4 = new CeilingViewModel.Receipt("receipt-gen4x4.json",
            List.of(new TransferSample(460_800, 0.0712), new TransferSample(3_145_728, 0.4692),
                    new TransferSample(67_108_864, 9.8655), new TransferSample(1_073_741_824, 157.44)),
            "receipt receipt-gen4x4.json");

    /** The inputs no capture gives, given by the user: host memory, and a typed rate to switch to. */
    private static CeilingViewModel withMemoryAndATypedRate() {
        CeilingViewModel vm = new CeilingViewModel();
        vm.ramPresetProperty().set(dev.lanescope.analysis.ceiling.HostMemoryPreset.DDR5_6000_DUAL);
        vm.typedH2dProperty().set("7.0");
        return vm;
    }

    private static double overheadInUse(CeilingViewModel vm) {
        return vm.resultProperty().get().inputs().overheadUs();
    }

    @Test
    void withoutATypedValueTheOverheadFollowsTheReceiptAcrossSlabSizes() {
        CeilingViewModel vm = withMemoryAndATypedRate();
        vm.receiptProperty().set(GEN4X4);
        assertThat(vm.overheadProperty().get()).isEqualTo("8");
        vm.slabProperty().set("460800");
        // 71.2 us for 460,800 B, of which 67.6 us is the bulk rate's
        assertThat(vm.overheadProperty().get()).isEqualTo("3.6");
        assertThat(overheadInUse(vm)).isCloseTo(3.63, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void anOverheadTypedBeforeAReceiptOpensIsKeptThroughSlabChanges() {
        CeilingViewModel vm = withMemoryAndATypedRate();
        vm.overheadProperty().set("5");
        vm.receiptProperty().set(GEN4X4);
        vm.slabProperty().set("460800");
        assertThat(vm.overheadProperty().get()).isEqualTo("5");
        assertThat(overheadInUse(vm)).isEqualTo(5.0);
        assertThat(vm.overheadSourceProperty().get()).isEqualTo(CeilingViewModel.OverheadSource.TYPED);
        assertThat(vm.receiptOverheadOfferedProperty().get()).isTrue();

        vm.useReceiptOverhead();
        assertThat(vm.overheadProperty().get()).isEqualTo("3.6");
        assertThat(vm.overheadSourceProperty().get()).isEqualTo(CeilingViewModel.OverheadSource.RECEIPT);
        assertThat(vm.receiptOverheadOfferedProperty().get()).isFalse();
    }

    @Test
    void withNoReceiptInUseNoOverheadIsAssumedUnlessTyped() {
        CeilingViewModel vm = withMemoryAndATypedRate();
        vm.receiptProperty().set(GEN4X4);
        vm.rateSourceProperty().set(CeilingViewModel.RateSource.TYPED);
        assertThat(vm.overheadProperty().get()).isEqualTo("0");
        assertThat(vm.overheadSourceProperty().get()).isEqualTo(CeilingViewModel.OverheadSource.NONE);
        assertThat(vm.overheadNoteProperty().get()).startsWith("none assumed");
        vm.overheadProperty().set("12");
        vm.rateSourceProperty().set(CeilingViewModel.RateSource.RECEIPT);
        assertThat(overheadInUse(vm)).isEqualTo(12.0);
        assertThat(vm.overheadNoteProperty().get()).isEqualTo("typed; the receipt measured 8.0 µs at 3 MiB");
    }
}
