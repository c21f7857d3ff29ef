package dev.lanescope.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The device-kind vocabulary from a function's own facts: names as pci.ids prints them in the bundled captures. */
class DeviceKindTest {

    private static PciFunction f(String bdf, int cls, int vendor, String name) {
        PciFunction.Builder b = PciFunction.builder(Bdf.parse(bdf));
        b.classCode = cls;
        b.vendorId = vendor;
        b.vendorDeviceName = name;
        return b.build();
    }

    /** 25 GbE and up, InfiniBand and RDMA NICs are data-centre NICs; 1, 2.5 and 10 GbE ones are not peers. */
    @Test
    void nicSpeedFromTheName() {
        assertThat(DeviceKind.of(f("81:00.0", 0x0200, 0x14e4,
                "Broadcom Inc. and subsidiaries BCM57414 NetXtreme-E 10Gb/25Gb RDMA Ethernet Controller")))
                .isEqualTo(DeviceKind.DATACENTRE_NIC);
        assertThat(DeviceKind.of(f("02:00.0", 0x0200, 0x8086, "Intel Corporation Ethernet Controller XL710 for 40GbE QSFP+")))
                .isEqualTo(DeviceKind.DATACENTRE_NIC);
        assertThat(DeviceKind.of(f("81:00.0", 0x0200, 0x8086, "Intel Corporation Ethernet Controller E810-XXV for SFP")))
                .isEqualTo(DeviceKind.DATACENTRE_NIC);
        assertThat(DeviceKind.of(f("02:00.0", 0x0200, 0x8086, "Intel Corporation Ethernet Controller X710 for 10GbE SFP+")))
                .isEqualTo(DeviceKind.NIC);
        assertThat(DeviceKind.of(f("02:00.0", 0x0200, 0x8086, "Intel Corporation I210 Gigabit Network Connection")))
                .isEqualTo(DeviceKind.NIC);
        assertThat(DeviceKind.of(f("05:00.0", 0x0200, 0x10ec, "Realtek Semiconductor Co., Ltd. RTL8125 2.5GbE Controller")))
                .isEqualTo(DeviceKind.NIC);
        assertThat(DeviceKind.of(f("4b:00.0", 0x0207, -1, "Mellanox Technologies MT27800 Family [ConnectX-5]")))
                .isEqualTo(DeviceKind.DATACENTRE_NIC);
        assertThat(DeviceKind.of(f("00:14.3", 0x0280, 0x8086, "Intel Corporation Alder Lake-P PCH CNVi WiFi")))
                .isEqualTo(DeviceKind.WIRELESS);
        assertThat(DeviceKind.NIC.isPeer()).isFalse();
        assertThat(DeviceKind.DATACENTRE_NIC.isPeer()).isTrue();
    }

    /** BMC and virtual-machine displays are never GPUs, by vendor id or, without ids, by name. */
    @Test
    void managementAndVirtualDisplays() {
        assertThat(DeviceKind.of(f("03:00.0", 0x0300, 0x1a03, "ASPEED Technology, Inc. ASPEED Graphics Family")))
                .isEqualTo(DeviceKind.MANAGEMENT_DISPLAY);
        assertThat(DeviceKind.of(f("03:00.0", 0x0300, -1, "ASPEED Technology, Inc. ASPEED Graphics Family")))
                .isEqualTo(DeviceKind.MANAGEMENT_DISPLAY);
        assertThat(DeviceKind.of(f("00:02.0", 0x0300, -1, "Cirrus Logic GD 5446"))).isEqualTo(DeviceKind.MANAGEMENT_DISPLAY);
        assertThat(DeviceKind.of(f("00:01.0", 0x0300, 0x1234, "Device 1111"))).isEqualTo(DeviceKind.MANAGEMENT_DISPLAY);
        assertThat(DeviceKind.of(f("01:00.0", 0x0300, 0x10de, "NVIDIA Corporation AD102GL [RTX 6000 Ada Generation]")))
                .isEqualTo(DeviceKind.GPU);
        assertThat(DeviceKind.MANAGEMENT_DISPLAY.isGpu()).isFalse();
    }

    /** Intel's iGPU address and AMD APU code names are integrated; a discrete Arc or Radeon card is a GPU. */
    @Test
    void integratedGraphics() {
        assertThat(DeviceKind.of(f("00:02.0", 0x0300, 0x8086, "Intel Corporation Raptor Lake-S GT1 [UHD Graphics 770]")))
                .isEqualTo(DeviceKind.INTEGRATED_GPU);
        assertThat(DeviceKind.of(f("03:00.0", 0x0300, 0x8086, "Intel Corporation DG2 [Arc A770]"))).isEqualTo(DeviceKind.GPU);
        assertThat(DeviceKind.of(f("07:00.0", 0x0300, 0x1002, "Advanced Micro Devices, Inc. [AMD/ATI] Rembrandt [Radeon 680M]")))
                .isEqualTo(DeviceKind.INTEGRATED_GPU);
        assertThat(DeviceKind.of(f("03:00.0", 0x0300, 0x1002,
                "Advanced Micro Devices, Inc. [AMD/ATI] Navi 14 [Radeon RX 5500/5500M / Pro 5500M]"))).isEqualTo(DeviceKind.GPU);
    }

    /** Wired and wireless NICs are network functions; a drive or a host bridge is not. */
    @Test
    void networkFunctions() {
        assertThat(DeviceKind.of(f("05:00.0", 0x0200, 0x10ec, "Realtek Semiconductor Co., Ltd. RTL8125 2.5GbE Controller"))
                .isNetwork()).isTrue();
        assertThat(DeviceKind.of(f("00:14.3", 0x0280, 0x8086, "Intel Corporation Alder Lake-P PCH CNVi WiFi"))
                .isNetwork()).isTrue();
        assertThat(DeviceKind.of(f("6d:00.0", 0x0108, 0x8086, "Intel Corporation Optane NVME SSD H10")).isNetwork())
                .isFalse();
        assertThat(DeviceKind.of(f("6d:00.0", 0x0108, 0x8086, "Intel Corporation Optane NVME SSD H10")))
                .isEqualTo(DeviceKind.NVME);
    }

    /**
     * The function the kernel's peer-to-peer test is made on may be a host bridge: by class 0600, or with no class
     * printed (a tree); a root port (0604) is not.
     */
    @Test
    void hostBridgeByClassOrUnknownClass() {
        PciFunction epyc = f("00:00.0", 0x0600, 0x1022, "Advanced Micro Devices, Inc. [AMD] Genoa/Bergamo Root Complex");
        assertThat(DeviceKind.of(epyc)).isEqualTo(DeviceKind.HOST_BRIDGE);
        assertThat(DeviceKind.mayBeHostBridge(epyc)).isTrue();
        assertThat(DeviceKind.mayBeHostBridge(f("00:00.0", -1, -1, "Intel Corporation Device 2020"))).isTrue();
        assertThat(DeviceKind.mayBeHostBridge(f("00:01.1", 0x0604, 0x1022,
                "Advanced Micro Devices, Inc. [AMD] Genoa/Bergamo GPP Bridge"))).isFalse();
    }

    /** A vendor:device table entry names a function only when the capture printed its ids; device -1 is any device. */
    @Test
    void pciIdTableEntries() {
        PciFunction haswell = f("ff:1e.0", 0x0600, 0x8086, "Intel Corporation Xeon E7 v3/Xeon E5 v3 Home Agent");
        PciFunction.Builder b = haswell.toBuilder();
        b.deviceId = 0x2f00;
        PciFunction withDevice = b.build();
        assertThat(new PciId(0x8086, 0x2f00).matches(withDevice)).isTrue();
        assertThat(new PciId(0x8086, 0x2f01).matches(withDevice)).isFalse();
        assertThat(new PciId(0x8086, -1).matches(withDevice)).isTrue();
        assertThat(new PciId(0x8086, -1).matches(haswell)).isFalse();
        assertThat(PciId.of(withDevice)).hasToString("8086:2f00");
        assertThat(PciId.of(haswell)).isNull();
    }
}
