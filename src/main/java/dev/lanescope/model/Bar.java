package dev.lanescope.model;

/**
 * One base address register as lspci prints it ({@code Region N: Memory at ADDR (64-bit, prefetchable) [size=32G]}).
 * The address is unsigned 64-bit (compare with {@link Long#compareUnsigned}); -1 size means not printed.
 */
public record Bar(int index, boolean io, long address, boolean assigned, boolean is64Bit, boolean prefetchable,
                  boolean disabled, boolean virtual, long sizeBytes) {

    /** 2^44 = 16 TiB: the highest address a 44-bit DMA engine reaches (docs/RULES.md §5). */
    public static final long LIMIT_44_BIT = 1L << 44;

    public boolean atOrAbove44Bit() {
        return !io && assigned && Long.compareUnsigned(address, LIMIT_44_BIT) >= 0;
    }

    public String addressHex() {
        return Long.toHexString(address);
    }
}
