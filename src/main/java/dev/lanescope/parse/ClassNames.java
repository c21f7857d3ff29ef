package dev.lanescope.parse;

import java.util.HashMap;
import java.util.Map;

/** Class names as lspci prints them (pci.ids) mapped to their 16-bit class codes, for headers without {@code -nn}. */
final class ClassNames {

    private static final Map<String, Integer> CODES = new HashMap<>();

    static {
        Object[] table = {
            "Unclassified device", 0x0000, "Non-VGA unclassified device", 0x0000,
            "VGA compatible unclassified device", 0x0001,
            "SCSI storage controller", 0x0100, "IDE interface", 0x0101, "Floppy disk controller", 0x0102,
            "IPI bus controller", 0x0103, "RAID bus controller", 0x0104, "ATA controller", 0x0105,
            "SATA controller", 0x0106, "Serial Attached SCSI controller", 0x0107,
            "Non-Volatile memory controller", 0x0108, "Universal Flash Storage controller", 0x0109,
            "Mass storage controller", 0x0180,
            "Ethernet controller", 0x0200, "Token ring network controller", 0x0201, "FDDI network controller", 0x0202,
            "ATM network controller", 0x0203, "ISDN controller", 0x0204, "WorldFip controller", 0x0205,
            "PICMG controller", 0x0206, "Infiniband controller", 0x0207, "Fabric controller", 0x0208,
            "Network controller", 0x0280,
            "VGA compatible controller", 0x0300, "XGA compatible controller", 0x0301, "3D controller", 0x0302,
            "Display controller", 0x0380,
            "Multimedia video controller", 0x0400, "Multimedia audio controller", 0x0401,
            "Computer telephony device", 0x0402, "Audio device", 0x0403, "Multimedia controller", 0x0480,
            "RAM memory", 0x0500, "FLASH memory", 0x0501, "CXL", 0x0502, "Memory controller", 0x0580,
            "Host bridge", 0x0600, "ISA bridge", 0x0601, "EISA bridge", 0x0602, "MicroChannel bridge", 0x0603,
            "PCI bridge", 0x0604, "PCMCIA bridge", 0x0605, "NuBus bridge", 0x0606, "CardBus bridge", 0x0607,
            "RACEway bridge", 0x0608, "Semi-transparent PCI-to-PCI bridge", 0x0609,
            "InfiniBand to PCI host bridge", 0x060a, "Bridge", 0x0680,
            "Serial controller", 0x0700, "Parallel controller", 0x0701, "Multiport serial controller", 0x0702,
            "Modem", 0x0703, "GPIB controller", 0x0704, "Smard Card controller", 0x0705,
            "Communication controller", 0x0780,
            "PIC", 0x0800, "DMA controller", 0x0801, "Timer", 0x0802, "RTC", 0x0803,
            "PCI Hot-plug controller", 0x0804, "SD Host controller", 0x0805, "IOMMU", 0x0806,
            "System peripheral", 0x0880, "Timing Card", 0x0899,
            "Keyboard controller", 0x0900, "Digitizer Pen", 0x0901, "Mouse controller", 0x0902,
            "Scanner controller", 0x0903, "Gameport controller", 0x0904, "Input device controller", 0x0980,
            "Generic Docking Station", 0x0a00, "Docking Station", 0x0a80,
            "386", 0x0b00, "486", 0x0b01, "Pentium", 0x0b02, "Alpha", 0x0b10, "Power PC", 0x0b20, "MIPS", 0x0b30,
            "Co-processor", 0x0b40,
            "FireWire (IEEE 1394)", 0x0c00, "ACCESS Bus", 0x0c01, "SSA", 0x0c02, "USB controller", 0x0c03,
            "Fibre Channel", 0x0c04, "SMBus", 0x0c05, "InfiniBand", 0x0c06, "IPMI Interface", 0x0c07,
            "SERCOS interface", 0x0c08, "CANBUS", 0x0c09, "Serial bus controller", 0x0c80,
            "IRDA controller", 0x0d00, "Consumer IR controller", 0x0d01, "RF controller", 0x0d10,
            "Bluetooth", 0x0d11, "Broadband", 0x0d12, "802.1a controller", 0x0d20, "802.1b controller", 0x0d21,
            "Wireless controller", 0x0d80,
            "I2O", 0x0e00, "Intelligent controller", 0x0e00,
            "Satellite TV controller", 0x0f01, "Satellite audio communication controller", 0x0f02,
            "Satellite voice communication controller", 0x0f03, "Satellite data communication controller", 0x0f04,
            "Network and computing encryption device", 0x1000, "Entertainment encryption device", 0x1010,
            "Encryption controller", 0x1080,
            "DPIO module", 0x1100, "Performance counters", 0x1101, "Communication synchronizer", 0x1110,
            "Signal processing management", 0x1120, "Signal processing controller", 0x1180,
            "Processing accelerators", 0x1200, "SNIA Smart Data Accelerator Interface (SDXI) controller", 0x1201,
            "Non-Essential Instrumentation", 0x1300, "Coprocessor", 0x4000, "Unassigned class", 0xff00,
        };
        for (int i = 0; i < table.length; i += 2) CODES.put((String) table[i], (Integer) table[i + 1]);
    }

    private ClassNames() {
    }

    /** The class code of a class name, -1 when the name is not a known class name. */
    static int codeOf(String name) {
        Integer c = CODES.get(name);
        return c == null ? -1 : c;
    }
}
